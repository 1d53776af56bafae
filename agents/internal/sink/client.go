// Package sink delivers runs and frames to the ingest API (docs/ingest-contract.md),
// through an on-disk spool so that nothing is lost while the API is away.
package sink

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/levelfield/levelfield/agents/internal/provenance"
)

// Component names a system or benchmark and its version.
type Component struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// CreateRun is the body of POST /v1/runs (CreateRunRequest in
// packages/contracts/src/ingest.ts). The API rejects unknown keys, so this
// struct has exactly the contract's keys.
type CreateRun struct {
	Project    string            `json:"project"`
	System     Component         `json:"system"`
	Benchmark  Component         `json:"benchmark"`
	Name       string            `json:"name,omitempty"`
	Labels     map[string]string `json:"labels"`
	StartedAt  int64             `json:"startedAt"`
	WarmupMs   int64             `json:"warmupMs"`
	Provenance any               `json:"provenance"`
	// Disclosure is omitted when empty: the contract has it optional, not nullable.
	Disclosure map[string]any `json:"disclosure,omitempty"`
}

// Created is the API's answer to CreateRun.
type Created struct {
	ID      string `json:"id"`
	URL     string `json:"url"`
	LiveURL string `json:"liveUrl"`
}

// Finish is the body of POST /v1/runs/{id}/finish.
type Finish struct {
	Status   string `json:"status"` // succeeded | failed | cancelled
	EndedAt  int64  `json:"endedAt"`
	ExitCode int    `json:"exitCode"`
	// FramesQuarantined is set by the sender as it sends the finish: the
	// frames of the run that the API refused and the agent keeps. Left out
	// when zero, as SeriesFolded when empty, so an API older than these
	// fields takes the finish of a run that lost nothing.
	FramesQuarantined int64 `json:"framesQuarantined,omitempty"`
	// SeriesFolded counts, per metric name, the tag sets beyond
	// --max-series-per-metric whose samples went to its "other" series.
	SeriesFolded map[string]int `json:"seriesFolded,omitempty"`
}

// Class says what to do after a failed request.
type Class int

const (
	// Retry: 413, 429, 5xx, connection errors and timeouts; keep and replay.
	Retry Class = iota
	// Reject: the request itself is wrong (400, 404, 409): a refused batch
	// is quarantined (quarantine.go), never resent as it is.
	Reject
	// Fatal: the token is wrong (401, 403); stop sending and tell the user.
	Fatal
)

// APIError is an error answer of the ingest API.
type APIError struct {
	Status  int
	Code    string
	Message string
	Path    string
	// Details lists each problem when the API names several (the frames
	// whose histograms do not decode).
	Details []ErrorDetail
	// RetryAfter is the answer's Retry-After (429 over a rate limit, 503),
	// zero when it has none.
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("ingest API: %d %s", e.Status, e.Code)
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Path != "" {
		s += " (at " + e.Path + ")"
	}
	return s
}

// ErrorDetail is one problem of an error answer: the field it is in
// ("frames.12.histogram") and what is wrong.
type ErrorDetail struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ErrCreateRejected: the API refused the run itself (project, schema), which
// no retry can fix, so the sender stops as for a bad token.
var ErrCreateRejected = errors.New("the ingest API refused to create the run")

// Classify maps an error from the Client to what the caller should do.
func Classify(err error) Class {
	if errors.Is(err, ErrCreateRejected) {
		return Fatal
	}
	var ae *APIError
	if !errors.As(err, &ae) {
		return Retry // network errors, timeouts
	}
	switch {
	case ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden:
		return Fatal
	case ae.Status == http.StatusRequestEntityTooLarge || ae.Status == http.StatusTooManyRequests || ae.Status >= 500:
		return Retry
	default:
		return Reject
	}
}

// Client speaks the ingest contract to one installation, through one of
// its ingest instances at a time.
type Client struct {
	// Server is the base URLs as given, comma-separated
	// ("http://a:4000,http://b:4000"): what run.json and the quarantine
	// record, and what `upload` compares.
	Server string
	Token  string
	HTTP   *http.Client
	// Log is where a move to the next server is said; os.Stderr when nil.
	Log io.Writer

	servers []string
	mu      sync.Mutex
	cur     int // index in servers of the one requests go to
	// streak counts the servers that failed one after another since the
	// last answer; below len(servers), the current one has not failed yet.
	streak int
}

// NewClient returns a client with a per-request timeout, so a hung server
// turns into a retry instead of a stuck agent. Its connections read and
// write with raw system calls (quietConn). server is one base URL or
// several, comma-separated (ParseServers); requests go to the first until
// it fails.
func NewClient(server, token string) *Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.DialContext = dialQuiet(&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second})
	servers := splitServers(server)
	if len(servers) == 0 {
		servers = []string{""} // a request fails with the URL's error; callers check with ParseServers first
	}
	return &Client{Server: strings.Join(servers, ","), Token: token, servers: servers,
		HTTP: &http.Client{Timeout: 15 * time.Second, Transport: transport}}
}

// splitServers reads a comma-separated list of base URLs, without blanks
// or trailing slashes.
func splitServers(list string) []string {
	var out []string
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimRight(strings.TrimSpace(s), "/"); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ParseServers reads --server (or LEVELFIELD_SERVER): one ingest base URL
// or several, comma-separated, each http(s)://host[:port][/path]. The
// instances of one installation share its database, so a run created on
// one is continued on any other.
func ParseServers(list string) ([]string, error) {
	servers := splitServers(list)
	if len(servers) == 0 {
		return nil, errors.New("--server (or LEVELFIELD_SERVER) names no ingest API")
	}
	for _, s := range servers {
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("--server: %q is not an ingest API base URL (http://host:port or https://host)", s)
		}
	}
	return servers, nil
}

// current is the server requests go to now.
func (c *Client) current() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.servers[c.cur]
}

// answered notes that server answered (a refusal too): the streak of
// failures ends.
func (c *Client) answered() {
	c.mu.Lock()
	c.streak = 0
	c.mu.Unlock()
}

// failedOver notes that server failed with err (unreachable, a timeout, a
// 5xx) and moves to the next server of the list, round-robin, saying so.
// A 401/403 or a 4xx refusal is no reason to move: every instance of the
// installation would answer the same.
func (c *Client) failedOver(server string, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.servers) < 2 || c.servers[c.cur] != server {
		return
	}
	c.cur = (c.cur + 1) % len(c.servers)
	c.streak++
	what := "unreachable"
	var ae *APIError
	if errors.As(err, &ae) {
		what = "failing"
	}
	w := c.Log
	if w == nil {
		w = os.Stderr
	}
	next := c.servers[c.cur]
	if c.streak >= len(c.servers) {
		next += " (every server failed in turn: frames stay in the spool, retried with backoff)"
	}
	fmt.Fprintf(w, "levelfield-agent: server %s %s (%v); moving to %s\n",
		provenance.RedactString(server), what, err, provenance.RedactString(next))
}

// FreshServer reports whether the last request failed over to a server
// that has not failed since the last answer: worth trying at once, without
// the backoff (or a failed server's Retry-After) meant for the one that
// failed.
func (c *Client) FreshServer() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.streak > 0 && c.streak < len(c.servers)
}

// CreateRun posts a new run.
func (c *Client) CreateRun(ctx context.Context, body []byte) (Created, error) {
	var out Created
	err := c.post(ctx, "/v1/runs", body, &out)
	if err == nil && out.ID == "" {
		err = fmt.Errorf("create run: answer without id")
	}
	return out, err
}

// PostFrames posts one batch (a JSON Batch).
func (c *Client) PostFrames(ctx context.Context, runID string, body []byte) error {
	return c.post(ctx, "/v1/runs/"+runID+"/frames", body, nil)
}

// FinishRun posts the finish body.
func (c *Client) FinishRun(ctx context.Context, runID string, body []byte) error {
	return c.post(ctx, "/v1/runs/"+runID+"/finish", body, nil)
}

func (c *Client) post(ctx context.Context, path string, body []byte, out any) error {
	server := c.current()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, server+path, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("POST %s: %w", path, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		err = fmt.Errorf("POST %s: %w", path, err)
		// The caller giving up (drain timeout, Ctrl-C) says nothing about the server.
		if ctx.Err() == nil {
			c.failedOver(server, err)
		}
		return err
	}
	defer resp.Body.Close()
	// Answers are small; the cap keeps a misbehaving server from filling memory.
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("POST %s: read answer: %w", path, err)
	}
	if resp.StatusCode >= 300 {
		ae := &APIError{Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header.Get("Retry-After"), time.Now())}
		var eb struct {
			Error struct {
				Code    string        `json:"code"`
				Message string        `json:"message"`
				Path    string        `json:"path"`
				Details []ErrorDetail `json:"details"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &eb) == nil {
			ae.Code, ae.Message, ae.Path, ae.Details = eb.Error.Code, eb.Error.Message, eb.Error.Path, eb.Error.Details
		}
		err := fmt.Errorf("POST %s: %w", path, ae)
		// A 5xx (503 SHUTTING_DOWN from a draining instance, a database
		// this instance cannot reach) is this instance's; another may serve.
		if ae.Status >= 500 {
			c.failedOver(server, err)
		} else {
			c.answered()
		}
		return err
	}
	c.answered()
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("POST %s: decode answer: %w", path, err)
		}
	}
	return nil
}

// retryAfter reads a Retry-After header: delay-seconds or an HTTP date
// (RFC 9110 10.2.3). A missing, malformed or past value is zero.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		return time.Duration(min(n, int64(24*time.Hour/time.Second))) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
