package sink

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// Sink sends one run: Start creates it, Add queues closed frames, Stop
// finishes it once every frame is delivered (or the drain timeout passes).
type Sink struct {
	client *Client
	spool  *Spool
	sender *Sender

	cancel context.CancelFunc
	done   chan struct{}
	mu     sync.Mutex
	err    error // the sender's final error
}

// Result says how a run ended on the sending side.
type Result struct {
	URL      string
	Pending  int   // batches still in the spool
	Dropped  int64 // frames lost to a full spool or a bad token
	SpoolDir string
}

// Start spools the create request in a new directory under spoolRoot and
// starts delivering. It tries to create the run at once, so a bad token or a
// refused run stops the agent before the benchmark starts; if the API is
// merely unreachable the run is created later and its frames wait on disk.
func Start(ctx context.Context, c *Client, spoolRoot string, maxBytes int64, create CreateRun) (*Sink, string, error) {
	var id [6]byte
	_, _ = rand.Read(id[:])
	dir := filepath.Join(spoolRoot, time.Now().UTC().Format("20060102T150405Z")+"-"+hex.EncodeToString(id[:]))
	sp, err := OpenSpool(dir, maxBytes)
	if err != nil {
		return nil, "", err
	}
	body, err := json.Marshal(create)
	if err != nil {
		return nil, "", fmt.Errorf("create run body: %w", err)
	}
	if err := sp.WriteRun(RunFile{Server: c.Server, Create: body}); err != nil {
		return nil, "", err
	}
	s := &Sink{client: c, spool: sp, sender: NewSender(c, sp), done: make(chan struct{})}
	first, cancel := context.WithTimeout(ctx, 5*time.Second)
	_, err = s.sender.step(first)
	cancel()
	if err != nil && Classify(err) == Fatal {
		return nil, "", err
	}
	if err != nil {
		slog.Warn("ingest API unreachable; the run will be created when it answers", "err", err)
	}
	url := s.sender.URL
	sctx, scancel := context.WithCancel(context.Background())
	s.cancel = scancel
	go func() {
		defer close(s.done)
		err := s.sender.Run(sctx, false)
		if err != nil && !errors.Is(err, context.Canceled) {
			s.mu.Lock()
			s.err = err
			s.mu.Unlock()
			slog.Error("stopped sending to the ingest API", "err", err)
		}
	}()
	return s, url, nil
}

// Add converts frames into batches and queues them for delivery. After a
// fatal error (bad token) nothing more is spooled, as the contract asks.
func (s *Sink) Add(frames []histogram.Frame) {
	if len(frames) == 0 {
		return
	}
	s.mu.Lock()
	fatal := s.err != nil
	s.mu.Unlock()
	for _, b := range Batches(frames) {
		if fatal {
			s.spool.mu.Lock()
			s.spool.dropped += int64(len(b.Frames))
			s.spool.mu.Unlock()
			continue
		}
		body, err := json.Marshal(b)
		if err == nil {
			err = s.spool.PutBatch(body, len(b.Frames))
		}
		if err != nil {
			slog.Error("frames lost", "frames", len(b.Frames), "err", err)
		}
	}
	s.sender.Wake()
}

// Stop spools the finish and waits up to drain for everything to be
// delivered; what is left is on disk when it returns.
func (s *Sink) Stop(f Finish, drain time.Duration) (Result, error) {
	res := Result{SpoolDir: s.spool.Dir}
	body, err := json.Marshal(f)
	if err != nil {
		return res, fmt.Errorf("finish body: %w", err)
	}
	if err := s.spool.PutFinish(body); err != nil {
		return res, err
	}
	s.sender.Wake()
	select {
	case <-s.done:
	case <-time.After(drain):
		s.cancel()
		<-s.done
	}
	// What was not delivered stays on disk for `levelfield-agent upload`.
	s.sender.persistHeld()
	s.mu.Lock()
	err = s.err
	s.mu.Unlock()
	res.Dropped = s.spool.Dropped()
	res.URL = s.sender.URL
	if _, rerr := s.spool.ReadRun(); rerr == nil {
		res.Pending = s.spool.Pending() + 1 // the finish is still to send
	}
	return res, err
}

// Upload delivers a leftover spool (a run directory or a directory of them).
// server and token override what the spool recorded; the token is never stored.
func Upload(ctx context.Context, dir, server, token string) (delivered []string, err error) {
	dirs, err := RunDirs(dir)
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("no spooled run in %s", dir)
	}
	for _, d := range dirs {
		sp, err := OpenSpool(d, 0)
		if err != nil {
			return delivered, err
		}
		run, err := sp.ReadRun()
		if err != nil {
			return delivered, err
		}
		srv := server
		if srv == "" {
			srv = run.Server
		}
		snd := NewSender(NewClient(srv, token), sp)
		if err := snd.Run(ctx, true); err != nil {
			return delivered, fmt.Errorf("upload %s: %w", d, err)
		}
		if _, err := sp.ReadRun(); err == nil {
			// Still there: the run never got its finish (the agent was killed).
			slog.Warn("uploaded a run that was never finished; it stays open", "dir", d, "url", snd.URL)
		}
		delivered = append(delivered, snd.URL)
	}
	return delivered, nil
}
