package sink

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"time"
)

// Sender delivers one spool in order: the run, then its batches, then the finish.
type Sender struct {
	Client *Client
	Spool  *Spool
	// MinBackoff and MaxBackoff bound the wait between retries.
	MinBackoff, MaxBackoff time.Duration
	// URL is the run's page once the API has created it.
	URL string
	// holdOff is how long the API asked the sender to wait before its next
	// request (Retry-After of the answer to the last one).
	holdOff time.Duration

	// run is run.json, read once: only the sender writes it after Start.
	run    RunFile
	loaded bool
	wake   chan struct{}
}

// Backoff between retries: 250 ms doubling to 5 s, so a returning API is
// used within seconds without being hammered while it is away.
var minBackoff, maxBackoff = 250 * time.Millisecond, 5 * time.Second

// maxRetryAfter caps the wait an API may ask for: an agent told to wait an
// hour would sit through the drain timeout and leave a spool behind, while
// a rate limit's window is seconds.
var maxRetryAfter = time.Minute

// sleep waits d or until ctx ends; tests replace it to see the waits.
var sleep = func(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// holdFor is how long a request may take before the batches held in memory
// are written to disk anyway. The API answers in tens of milliseconds; two
// seconds means it is struggling, and an agent killed then would lose them.
var holdFor = 2 * time.Second

// NewSender returns a sender with the default backoff.
func NewSender(c *Client, sp *Spool) *Sender {
	return &Sender{Client: c, Spool: sp, MinBackoff: minBackoff, MaxBackoff: maxBackoff, wake: make(chan struct{}, 1)}
}

// persistHeld writes the batches held in memory to disk.
func (s *Sender) persistHeld() {
	if err := s.Spool.Persist(); err != nil {
		slog.Error("could not write held batches to the spool; they stay in memory", "err", err)
	}
}

// Wake tells the sender new work is spooled.
func (s *Sender) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// state of one delivery step
type step int

const (
	progressed step = iota // something was delivered or dropped
	idle                   // nothing to send now
	complete               // the run is finished and the spool removed
)

// Run delivers until the spool is complete, ctx ends, or a fatal error
// (bad token) occurs. With untilIdle it also returns when nothing is left to
// send, for `upload` of a run that never got its finish.
func (s *Sender) Run(ctx context.Context, untilIdle bool) error {
	backoff := s.MinBackoff
	for {
		if s.holdOff > 0 {
			wait := s.holdOff
			s.holdOff = 0
			if err := sleep(ctx, wait); err != nil {
				return err
			}
		}
		// A request that fails, or has not completed within holdFor, sends
		// whatever waits in memory to disk: the outage may outlast the
		// agent, and after a bad token `upload` needs the files.
		slow := time.AfterFunc(holdFor, s.persistHeld)
		st, err := s.step(ctx)
		slow.Stop()
		if err != nil {
			s.persistHeld()
		}
		switch {
		case err != nil && Classify(err) == Fatal:
			return err
		case err != nil:
			if s.noteRetryAfter(err) {
				slog.Warn("ingest API asks the agent to wait; frames stay in the spool and will be resent", "err", err, "retry_in", s.holdOff, "spool", s.Spool.Dir)
				continue
			}
			slog.Warn("ingest API unavailable; frames stay in the spool and will be replayed", "err", err, "retry_in", backoff, "spool", s.Spool.Dir)
			// Jitter keeps many agents from retrying in lockstep after an outage.
			wait := backoff/2 + rand.N(backoff/2+1)
			backoff = min(backoff*2, s.MaxBackoff)
			if err := sleep(ctx, wait); err != nil {
				return err
			}
			continue
		}
		backoff = s.MinBackoff
		switch st {
		case complete:
			return nil
		case idle:
			if untilIdle {
				return nil
			}
			// Whatever spools work wakes the sender (Wake).
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-s.wake:
			}
		}
	}
}

// noteRetryAfter holds the next request off as long as a failed request's
// answer asked (Retry-After, capped), plus up to a tenth more so agents told
// the same moment do not return together. It reports whether there was one.
func (s *Sender) noteRetryAfter(err error) bool {
	var ae *APIError
	if !errors.As(err, &ae) || ae.RetryAfter <= 0 {
		return false
	}
	d := min(ae.RetryAfter, maxRetryAfter)
	s.holdOff = d + rand.N(d/10+1)
	return true
}

func (s *Sender) step(ctx context.Context) (step, error) {
	if !s.loaded {
		run, err := s.Spool.ReadRun()
		if err != nil {
			return idle, err
		}
		s.run, s.loaded = run, true
	}
	run := s.run
	s.URL = run.URL
	if run.ID == "" {
		created, err := s.Client.CreateRun(ctx, run.Create)
		if err != nil {
			if Classify(err) == Reject {
				return idle, fmt.Errorf("%w: %w", ErrCreateRejected, err)
			}
			return idle, fmt.Errorf("create run: %w", err)
		}
		run.ID, run.URL = created.ID, created.URL
		s.URL = run.URL
		if err := s.Spool.WriteRun(run); err != nil {
			return idle, err
		}
		s.run = run
		slog.Info("run created", "id", run.ID, "url", run.URL)
		return progressed, nil
	}
	path, body, err := s.Spool.Oldest()
	if err != nil {
		return idle, err
	}
	if path != "" {
		if err := s.postBatch(ctx, run.ID, body); err != nil {
			if Classify(err) != Reject {
				return idle, err
			}
			slog.Error("ingest API rejected a batch; it is dropped", "err", err, "file", path)
		}
		return progressed, s.Spool.Remove(path)
	}
	fin, err := s.Spool.Finish()
	if err != nil || fin == nil {
		return idle, err
	}
	if err := s.Client.FinishRun(ctx, run.ID, fin); err != nil {
		if Classify(err) != Reject {
			return idle, fmt.Errorf("finish run: %w", err)
		}
		slog.Error("ingest API rejected the finish", "err", err)
	}
	if err := os.RemoveAll(s.Spool.Dir); err != nil {
		return idle, fmt.Errorf("spool: %w", err)
	}
	return complete, nil
}

// postBatch posts a batch, halving it while the API answers 413: frames are
// identified by series and seq, so a batch can be split freely.
func (s *Sender) postBatch(ctx context.Context, runID string, body []byte) error {
	err := s.Client.PostFrames(ctx, runID, body)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 413 {
		return err
	}
	var b Batch
	if jerr := json.Unmarshal(body, &b); jerr != nil || len(b.Frames) < 2 {
		return fmt.Errorf("a single frame exceeds the body limit: %w", errRejected)
	}
	for _, half := range func() [2]Batch { a, c := split(b); return [2]Batch{a, c} }() {
		raw, jerr := json.Marshal(half)
		if jerr != nil {
			return fmt.Errorf("split batch: %w", jerr)
		}
		if err := s.postBatch(ctx, runID, raw); err != nil {
			return err
		}
	}
	return nil
}
