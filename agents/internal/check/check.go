// Package check asks the Levelfield web app for the CI verdict on a finished run
// (GET /api/v1/runs/{id}/verdict) and writes it as Markdown for a pull request
// comment. The verdict is the server's (docs/history.md): this package only
// fetches, formats and maps it to an exit status.
package check

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Exit statuses of `levelfield-agent check`.
const (
	// ExitPass: no regression (pass, improvement, or too little history to say).
	ExitPass = 0
	// ExitRegression: a metric is significantly worse than the baseline and
	// nobody dismissed that change.
	ExitRegression = 1
	// ExitUsage: bad flags or arguments.
	ExitUsage = 2
	// ExitUnavailable: no verdict could be had (network, credentials, unknown run).
	ExitUnavailable = 3
)

// Metric is one tested figure of the run against its baseline.
type Metric struct {
	Metric         string  `json:"metric"`
	BaselinePoints int     `json:"baselinePoints"`
	BaselineMean   float64 `json:"baselineMean"`
	CandidateMean  float64 `json:"candidateMean"`
	CandidateRuns  int     `json:"candidateRuns"`
	RelativeChange float64 `json:"relativeChange"`
	PValue         float64 `json:"pValue"`
	Confidence     float64 `json:"confidence"`
	Test           string  `json:"test"`
	Significant    bool    `json:"significant"`
	Regression     bool    `json:"regression"`
	Dismissed      bool    `json:"dismissed"`
}

// Verdict is the server's answer.
type Verdict struct {
	Verdict string `json:"verdict"`
	Run     struct {
		ID     string  `json:"id"`
		Name   string  `json:"name"`
		URL    string  `json:"url"`
		Branch *string `json:"branch"`
		Commit *string `json:"commit"`
	} `json:"run"`
	Baseline struct {
		Branch     *string `json:"branch"`
		HistoryURL string  `json:"historyUrl"`
		Points     int     `json:"points"`
		Runs       int     `json:"runs"`
		// OtherSetup counts the baseline runs left out because their tool ran
		// with other options (null when none were).
		OtherSetup *struct {
			Runs    int    `json:"runs"`
			Summary string `json:"summary"`
		} `json:"otherSetup"`
	} `json:"baseline"`
	Series *string `json:"series"`
	Unit   *string `json:"unit"`
	// ThroughputMeasured is false for a suite of micro-benchmarks, whose
	// samples per second are no throughput: it is not judged, by design.
	ThroughputMeasured *bool `json:"throughputMeasured"`
	Settings           struct {
		MaxPValue    float64 `json:"maxPValue"`
		MinMagnitude float64 `json:"minMagnitude"`
	} `json:"settings"`
	Metrics []Metric `json:"metrics"`
	// Distribution compares the whole latency distributions (null when the
	// runs stored no histograms). Information beside the verdict.
	Distribution *Distribution `json:"distribution"`
}

// Distribution is the Kolmogorov–Smirnov test between the merged histograms
// of the baseline's runs and of this run's commit.
type Distribution struct {
	Statistic   float64 `json:"statistic"`
	At          float64 `json:"at"`
	PValue      float64 `json:"pValue"`
	Direction   string  `json:"direction"`
	Significant bool    `json:"significant"`
}

// ExitCode maps a verdict to the command's exit status.
func (v Verdict) ExitCode() int {
	if v.Verdict == "regression" {
		return ExitRegression
	}
	return ExitPass
}

// Request names the run and its baseline.
type Request struct {
	// Web is the web app's base URL (not the ingest API's).
	Web      string
	Token    string
	Run      string
	Baseline string
	Series   string
}

// RunID takes a run id, or the run's page URL as `import` prints it.
func RunID(arg string) string {
	arg = strings.TrimRight(strings.TrimSpace(arg), "/")
	if i := strings.LastIndex(arg, "/runs/"); i >= 0 {
		return arg[i+len("/runs/"):]
	}
	return arg
}

// Fetch asks the server for the verdict.
func Fetch(ctx context.Context, client *http.Client, r Request) (Verdict, error) {
	var v Verdict
	base, err := url.Parse(strings.TrimRight(r.Web, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return v, fmt.Errorf("--web must be the web app's http(s) URL, got %q", r.Web)
	}
	id := RunID(r.Run)
	if id == "" {
		return v, errors.New("give the run: its id or its page URL")
	}
	query := url.Values{}
	if r.Baseline != "" {
		query.Set("baseline", r.Baseline)
	}
	if r.Series != "" {
		query.Set("series", r.Series)
	}
	target := base.JoinPath("api", "v1", "runs", id, "verdict")
	target.RawQuery = query.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target.String(), nil)
	if err != nil {
		return v, err
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return v, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return v, err
	}
	if res.StatusCode != http.StatusOK {
		refused := &RefusedError{Status: res.StatusCode, Message: "HTTP " + fmt.Sprint(res.StatusCode) + " from " + target.Redacted()}
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		if json.Unmarshal(body, &e) == nil && e.Error.Message != "" {
			refused.Code, refused.Message = e.Error.Code, e.Error.Message
		}
		return v, refused
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return v, fmt.Errorf("the verdict does not parse: %w", err)
	}
	return v, nil
}

// RefusedError is the server's answer when it has no verdict to give.
type RefusedError struct {
	Status        int
	Code, Message string
}

func (e *RefusedError) Error() string {
	if e.Code == "" {
		return e.Message
	}
	return fmt.Sprintf("%s (%s, HTTP %d)", e.Message, e.Code, e.Status)
}

// FetchWaiting asks until there is a verdict or `wait` has passed. A run still
// running, or ended moments ago and not yet summarised by the ingest API,
// answers 409: right after `import` or `run`, CI asks again every `poll`.
func FetchWaiting(ctx context.Context, client *http.Client, r Request, wait, poll time.Duration) (Verdict, error) {
	deadline := time.Now().Add(wait)
	for {
		v, err := Fetch(ctx, client, r)
		var refused *RefusedError
		if err == nil || !errors.As(err, &refused) || refused.Status != http.StatusConflict || time.Now().Add(poll).After(deadline) {
			return v, err
		}
		select {
		case <-ctx.Done():
			return v, ctx.Err()
		case <-time.After(poll):
		}
	}
}

// DefaultClient bounds a verdict request: it is one query, answered in well under this.
var DefaultClient = &http.Client{Timeout: 60 * time.Second}
