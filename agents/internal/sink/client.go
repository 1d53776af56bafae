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
	"strconv"
	"strings"
	"time"
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

// Client speaks the ingest contract.
type Client struct {
	Server string // base URL, e.g. http://localhost:3001
	Token  string
	HTTP   *http.Client
}

// NewClient returns a client with a per-request timeout, so a hung server
// turns into a retry instead of a stuck agent. Its connections read and
// write with raw system calls (quietConn).
func NewClient(server, token string) *Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.DialContext = dialQuiet(&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second})
	return &Client{Server: strings.TrimRight(server, "/"), Token: token,
		HTTP: &http.Client{Timeout: 15 * time.Second, Transport: transport}}
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
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Server+path, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("POST %s: %w", path, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("POST %s: %w", path, err)
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
		return fmt.Errorf("POST %s: %w", path, ae)
	}
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
