package sink

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
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
		s.sender.noteRetryAfter(err)
		slog.Warn("ingest API did not take the run yet; it will be created when it does", "err", err)
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

// Upload delivers a leftover spool (a run directory or a directory of
// them) to server, the ingest API the user named, never to the one a spool
// file names: the token goes only where the user sends it. A spool recorded
// for another server is refused before anything is sent, unless spoolServer
// names that server (the same API at a new address, and the user says so).
func Upload(ctx context.Context, dir, server, spoolServer, token string) (delivered []string, err error) {
	if server == "" {
		return nil, errors.New("upload needs --server URL (or LEVELFIELD_SERVER): the token is sent only to a server you name")
	}
	dirs, err := RunDirs(dir)
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("no spooled run in %s", dir)
	}
	spools := make([]*Spool, len(dirs))
	for i, d := range dirs {
		if spools[i], err = OpenSpool(d, 0); err != nil {
			return nil, err
		}
		run, err := spools[i].ReadRun()
		if err != nil {
			return nil, err
		}
		if err := checkUploadServer(d, run.Server, server, spoolServer); err != nil {
			return nil, err
		}
	}
	for i, sp := range spools {
		snd := NewSender(NewClient(server, token), sp)
		if err := snd.Run(ctx, true); err != nil {
			return delivered, fmt.Errorf("upload %s: %w", dirs[i], err)
		}
		if _, err := sp.ReadRun(); err == nil {
			// Still there: the run never got its finish (the agent was killed).
			slog.Warn("uploaded a run that was never finished; it stays open", "dir", dirs[i], "url", snd.URL)
		}
		delivered = append(delivered, snd.URL)
	}
	return delivered, nil
}

// checkUploadServer refuses to send a spool recorded for one server to
// another unless spoolServer names the recorded one.
func checkUploadServer(dir, recorded, server, spoolServer string) error {
	switch {
	case sameServer(recorded, server):
		return nil
	case spoolServer == "":
		return fmt.Errorf("%s was recorded for %s, not %s; the token is sent only to the server you name: to send it where it was recorded, pass --server %s; if that API now answers at %s, add --spool-server %s",
			dir, recorded, server, recorded, server, recorded)
	case !sameServer(recorded, spoolServer):
		return fmt.Errorf("%s was recorded for %s, not for --spool-server %s", dir, recorded, spoolServer)
	}
	return nil
}

// sameServer compares base URLs as the same origin and path: scheme and
// host in any case, default ports and trailing slashes aside.
func sameServer(a, b string) bool {
	norm := func(s string) string {
		u, err := url.Parse(strings.TrimRight(strings.TrimSpace(s), "/"))
		if err != nil || u.Host == "" {
			return s
		}
		host := strings.ToLower(u.Hostname())
		port := u.Port()
		if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
			port = ""
		}
		if port != "" {
			host += ":" + port
		}
		return strings.ToLower(u.Scheme) + "://" + host + u.EscapedPath()
	}
	return norm(a) == norm(b)
}
