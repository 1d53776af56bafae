package sink

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
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
		case err != nil && ctx.Err() != nil:
			return ctx.Err()
		case err != nil && s.Client.FreshServer():
			// Moved to a server that has not failed yet: the same batch, at
			// once (the spool still holds it; the API stores it once).
			continue
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
		p := poster{client: s.Client, runID: run.ID, keep: s.quarantine}
		if err := p.sendBody(ctx, body); err != nil {
			return idle, err
		}
		return progressed, s.Spool.Remove(path)
	}
	fin, err := s.Spool.Finish()
	if err != nil || fin == nil {
		return idle, err
	}
	full, plain, err := s.finishBodies(fin)
	if err != nil {
		return idle, err
	}
	err = s.Client.FinishRun(ctx, run.ID, full)
	if err != nil && Classify(err) == Reject && !bytes.Equal(full, plain) {
		// An API older than these keys refuses them (its finish is a strict
		// object): a run left running would be worse than one without them.
		slog.Warn("ingest API refused the finish with the frames refused and the tag sets folded; finishing the run without them", "err", err)
		err = s.Client.FinishRun(ctx, run.ID, plain)
	}
	if err != nil {
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

// quarantine keeps what the API refused of a batch of this run.
func (s *Sender) quarantine(b Batch, unparsed []byte, err error) error {
	q := s.Spool.Quarantine
	if err := q.Add(Refused{Server: s.run.Server, RunID: s.run.ID, At: time.Now().UTC(), Error: refusalOf(err), Batch: b, Unparsed: unparsed}); err != nil {
		return err
	}
	slog.Warn("ingest API refused frames; they are kept in the quarantine", "frames", len(b.Frames), "err", err, "file", q.Path)
	return nil
}

// finishBodies returns the spooled finish with its count of frames refused
// filled in (it grows until the last batch is sent), and the same without
// what the agent reports beside the outcome. A finish.json that does not
// parse (damaged on disk) is sent as it is, for the API to name the fault.
func (s *Sender) finishBodies(body []byte) (full, plain []byte, err error) {
	var f Finish
	if json.Unmarshal(body, &f) != nil {
		return body, body, nil
	}
	f.FramesQuarantined = s.Spool.Quarantine.Frames()
	if full, err = json.Marshal(f); err != nil {
		return nil, nil, err
	}
	f.FramesQuarantined, f.SeriesFolded = 0, nil
	plain, err = json.Marshal(f)
	return full, plain, err
}

// poster sends the batches of one run. Frames are identified by series and
// seq, so a batch can be cut freely: one the API finds too large is sent in
// halves, and of one it refuses, the frames the answer names are passed to
// keep and the others sent again.
type poster struct {
	client *Client
	runID  string
	// keep takes refused frames (or a body that does not parse) with the
	// answer; an error from it leaves the batch to be tried again.
	keep func(b Batch, unparsed []byte, err error) error
}

// sendBody posts a batch as spooled. Only errors worth retrying (the API
// away, a bad token, keep failing) are returned: then the batch is to be
// sent again, and the API stores what it already took once.
func (p poster) sendBody(ctx context.Context, body []byte) error {
	err := p.client.PostFrames(ctx, p.runID, body)
	if err == nil || !refused(err) {
		return err
	}
	// Decoded only now: a batch the API takes costs no decoding.
	var b Batch
	if jerr := json.Unmarshal(body, &b); jerr != nil {
		return p.keep(Batch{}, body, err)
	}
	return p.settle(ctx, b, err)
}

func (p poster) send(ctx context.Context, b Batch) error {
	raw, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("batch: %w", err)
	}
	if err := p.client.PostFrames(ctx, p.runID, raw); err != nil {
		if !refused(err) {
			return err
		}
		return p.settle(ctx, b, err)
	}
	return nil
}

// settle handles the API's refusal err of b.
func (p poster) settle(ctx context.Context, b Batch, err error) error {
	if tooLarge(err) && len(b.Frames) > 1 {
		first, second := split(b)
		if err := p.send(ctx, first); err != nil {
			return err
		}
		return p.send(ctx, second)
	}
	bad, rest := named(err, b)
	if err := p.keep(bad, nil, err); err != nil {
		return err
	}
	if len(rest.Frames) == 0 {
		return nil
	}
	return p.send(ctx, rest)
}

// refused reports whether the API refused a batch (rather than being away):
// a 4xx other than a bad token and a rate limit, or a 413.
func refused(err error) bool {
	return Classify(err) == Reject || tooLarge(err)
}

// tooLarge reports whether the API found a batch too large: 413, or a 400
// about the series or frames list as a whole (over the API's count).
func tooLarge(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && (ae.Status == http.StatusRequestEntityTooLarge ||
		ae.Status == http.StatusBadRequest && (ae.Path == "series" || ae.Path == "frames"))
}

// named splits b into the frames a refusal names and the others: frames.N
// and series.N (every frame of that series) at the start of the answer's
// path and of its details' fields. An answer that names none, or every
// frame, refuses the whole batch.
func named(err error, b Batch) (bad, rest Batch) {
	var ae *APIError
	if !errors.As(err, &ae) {
		return b, Batch{}
	}
	fields := []string{ae.Path}
	for _, d := range ae.Details {
		fields = append(fields, d.Field)
	}
	idx := map[int]bool{}
	for _, f := range fields {
		parts := strings.SplitN(f, ".", 3)
		if len(parts) < 2 {
			continue
		}
		n, err := strconv.Atoi(parts[1])
		switch {
		case err != nil || n < 0:
		case parts[0] == "frames" && n < len(b.Frames):
			idx[n] = true
		case parts[0] == "series" && n < len(b.Series):
			for i, fr := range b.Frames {
				if fr.Series == b.Series[n].Key {
					idx[i] = true
				}
			}
		}
	}
	if len(idx) == 0 || len(idx) == len(b.Frames) {
		return b, Batch{}
	}
	var in, out []Frame
	for i, f := range b.Frames {
		if idx[i] {
			in = append(in, f)
		} else {
			out = append(out, f)
		}
	}
	return withSeries(b, in), withSeries(b, out)
}
