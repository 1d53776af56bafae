package provenance

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// collectCloud asks the metadata service of the cloud DMI points to. Probing
// only that one keeps a bare-metal or laptop run from waiting on timeouts
// and from sending requests to link-local addresses it has no business with.
func collectCloud(ctx context.Context, e *Env, c *capture) error {
	if e.NoCloud {
		return nil
	}
	out, err := cloudMetadata(ctx, e)
	src := "cloud metadata service"
	if p, _ := out["provider"].(string); p != "" && p != "none detected" {
		src = p + " instance metadata service"
		if it, ok := out["instanceType"].(string); ok && it != "" {
			c.set("node.hardware.hostType", it, src)
		}
	}
	for k, v := range out {
		c.set("node.cloud."+k, v, src)
	}
	return err
}

// cloudMetadata asks the metadata service DMI points to, or every one with ProbeCloud.
func cloudMetadata(ctx context.Context, e *Env) (map[string]any, error) {
	dmi := dmiInfo(e)
	vendor := dmi["sys_vendor"] + " " + dmi["product_name"] + " " + dmi["bios_vendor"]
	probes := []struct {
		likely bool
		fn     func(context.Context, *Env) (map[string]any, error)
	}{
		{strings.Contains(vendor, "Amazon") || strings.Contains(vendor, "EC2"), awsMetadata},
		{strings.Contains(vendor, "Google"), gcpMetadata},
		// Azure VMs carry this fixed chassis asset tag.
		{dmi["chassis_asset_tag"] == "7783-7084-3265-9085-8269-3286-77", azureMetadata},
	}
	var firstErr error
	for _, p := range probes {
		if !p.likely && !e.ProbeCloud {
			continue
		}
		out, err := p.fn(ctx, e)
		if err == nil {
			return out, nil
		}
		if firstErr == nil && p.likely {
			firstErr = err
		}
	}
	return map[string]any{"provider": "none detected"}, firstErr
}

func (e *Env) get(ctx context.Context, url string, hdr map[string]string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	return e.do(req, hdr)
}

func (e *Env) do(req *http.Request, hdr map[string]string) (string, error) {
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := e.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %s", req.URL.Path, resp.Status)
	}
	return strings.TrimSpace(string(b)), nil
}

// awsMetadata uses IMDSv2: a session token first, then the documents.
func awsMetadata(ctx context.Context, e *Env) (map[string]any, error) {
	tctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(tctx, http.MethodPut, e.AWSURL+"/latest/api/token", nil)
	if err != nil {
		return nil, err
	}
	token, err := e.do(req, map[string]string{"X-aws-ec2-metadata-token-ttl-seconds": "60"})
	if err != nil {
		return nil, fmt.Errorf("aws metadata: %w", err)
	}
	h := map[string]string{"X-aws-ec2-metadata-token": token}
	out := map[string]any{"provider": "aws"}
	for key, path := range map[string]string{"instanceType": "instance-type", "zone": "placement/availability-zone", "region": "placement/region", "imageId": "ami-id"} {
		if v, err := e.get(ctx, e.AWSURL+"/latest/meta-data/"+path, h); err == nil {
			out[key] = v
		}
	}
	if out["instanceType"] == nil {
		return nil, fmt.Errorf("aws metadata: no instance type")
	}
	return out, nil
}

func gcpMetadata(ctx context.Context, e *Env) (map[string]any, error) {
	h := map[string]string{"Metadata-Flavor": "Google"}
	base := e.GCPURL + "/computeMetadata/v1/instance/"
	mt, err := e.get(ctx, base+"machine-type", h)
	if err != nil {
		return nil, fmt.Errorf("gcp metadata: %w", err)
	}
	out := map[string]any{"provider": "gcp", "instanceType": lastSegment(mt)}
	if z, err := e.get(ctx, base+"zone", h); err == nil {
		zone := lastSegment(z)
		out["zone"] = zone
		if i := strings.LastIndex(zone, "-"); i > 0 {
			out["region"] = zone[:i]
		}
	}
	return out, nil
}

func azureMetadata(ctx context.Context, e *Env) (map[string]any, error) {
	body, err := e.get(ctx, e.AzureURL+"/metadata/instance/compute?api-version=2021-02-01", map[string]string{"Metadata": "true"})
	if err != nil {
		return nil, fmt.Errorf("azure metadata: %w", err)
	}
	var c struct {
		VMSize   string `json:"vmSize"`
		Location string `json:"location"`
		Zone     string `json:"zone"`
	}
	if err := json.Unmarshal([]byte(body), &c); err != nil || c.VMSize == "" {
		return nil, fmt.Errorf("azure metadata: unexpected answer")
	}
	return map[string]any{"provider": "azure", "instanceType": c.VMSize, "region": c.Location, "zone": c.Zone}, nil
}

func lastSegment(s string) string { return s[strings.LastIndex(s, "/")+1:] }
