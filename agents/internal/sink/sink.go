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
	"os"
	"path/filepath"
	"sort"
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
	frames int64 // frames added
}

// Result says how a run ended on the sending side.
type Result struct {
	URL      string
	Pending  int   // batches still in the spool
	Dropped  int64 // frames lost to a full spool or a bad token
	SpoolDir string
	// Frames is every frame of the run; Quarantined those the API refused,
	// kept in QuarantineFile, the first time with Reason.
	Frames, Quarantined    int64
	QuarantineFile, Reason string
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
	// A server that failed passes the run to the next of the list at once.
	for err != nil && Classify(err) != Fatal && c.FreshServer() && first.Err() == nil {
		_, err = s.sender.step(first)
	}
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
	s.frames += int64(len(frames))
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
	res.Frames = s.frames
	s.mu.Unlock()
	q := s.spool.Quarantine
	res.Quarantined, res.QuarantineFile, res.Reason = q.Frames(), q.Path, q.Reason()
	res.Dropped = s.spool.Dropped()
	res.URL = s.sender.URL
	if _, rerr := s.spool.ReadRun(); rerr == nil {
		res.Pending = s.spool.Pending() + 1 // the finish is still to send
	}
	return res, err
}

// Uploaded says what an upload delivered.
type Uploaded struct {
	// URLs are the runs whose spools were delivered.
	URLs []string
	// Resent counts the quarantined frames the API took this time; Kept
	// those it still refuses, which stay in the Quarantine files, the first
	// with Reason.
	Resent, Kept int64
	Quarantine   []string
	Reason       string
}

// Upload delivers leftover spools and quarantined frames to server, the
// ingest API the user named, never to the one a spool file names: the token
// goes only where the user sends it. dir is a run directory, a directory of
// them (with its quarantine directory), or a quarantine file. What was
// recorded for another server is refused before anything is sent, unless
// spoolServer names that server (the same API at a new address, and the
// user says so). Quarantined frames go first, so that the finish of a run
// sent after them counts only the frames still refused.
func Upload(ctx context.Context, dir, server, spoolServer, token string) (Uploaded, error) {
	var up Uploaded
	if len(splitServers(server)) == 0 {
		return up, errors.New("upload needs --server URL (or LEVELFIELD_SERVER): the token is sent only to a server you name")
	}
	if _, err := ParseServers(server); err != nil {
		return up, err
	}
	var dirs []string
	if fi, err := os.Stat(dir); err != nil || fi.IsDir() {
		if dirs, err = RunDirs(dir); err != nil {
			return up, err
		}
	}
	files, err := quarantineFiles(dir, dirs)
	if err != nil {
		return up, err
	}
	if len(dirs) == 0 && len(files) == 0 {
		return up, fmt.Errorf("no spooled run and no quarantined frames in %s", dir)
	}
	for _, d := range dirs {
		run, err := (&Spool{Dir: d}).ReadRun()
		if err != nil {
			return up, err
		}
		if err := checkUploadServer(d, run.Server, server, spoolServer); err != nil {
			return up, err
		}
	}
	refused := make([][]Refused, len(files))
	for i, f := range files {
		if refused[i], err = readQuarantine(f); err != nil {
			return up, err
		}
		for _, e := range refused[i] {
			if err := checkUploadServer(f, e.Server, server, spoolServer); err != nil {
				return up, err
			}
		}
	}
	client := NewClient(server, token)
	for i, f := range files {
		resent, err := resend(ctx, client, f, refused[i])
		up.Resent += resent
		if err != nil {
			return up, fmt.Errorf("upload %s: %w", f, err)
		}
	}
	for _, d := range dirs {
		sp, err := OpenSpool(d, 0)
		if err != nil {
			return up, err
		}
		snd := NewSender(client, sp)
		if err := snd.Run(ctx, true); err != nil {
			return up, fmt.Errorf("upload %s: %w", d, err)
		}
		if _, err := sp.ReadRun(); err == nil {
			// Still there: the run never got its finish (the agent was killed).
			slog.Warn("uploaded a run that was never finished; it stays open", "dir", d, "url", snd.URL)
		}
		up.URLs = append(up.URLs, snd.URL)
	}
	// What is still refused, the spools' new refusals included.
	after, err := quarantineFiles(dir, dirs)
	if err != nil {
		return up, err
	}
	for _, f := range after {
		q, err := openQuarantine(f)
		if err != nil {
			return up, err
		}
		if n := q.Frames(); n > 0 {
			up.Kept += n
			up.Quarantine = append(up.Quarantine, f)
			if up.Reason == "" {
				up.Reason = q.Reason()
			}
		}
	}
	return up, nil
}

// resend sends the refused frames of one quarantine file again and
// rewrites the file with what the API still refuses, with its new answer.
// It returns how many frames the API took. On an error worth retrying (the
// API away, a bad token) the entries not yet sent stay as they were.
func resend(ctx context.Context, c *Client, path string, entries []Refused) (int64, error) {
	var left []Refused
	var sendErr error
	for i, e := range entries {
		p := poster{client: c, runID: e.RunID, keep: func(b Batch, unparsed []byte, err error) error {
			left = append(left, Refused{Server: e.Server, RunID: e.RunID, At: time.Now().UTC(), Error: refusalOf(err), Batch: b, Unparsed: unparsed})
			return nil
		}}
		body := e.Unparsed
		if body == nil {
			var err error
			if body, err = json.Marshal(e.Batch); err != nil {
				return 0, fmt.Errorf("quarantine %s: %w", path, err)
			}
		}
		if sendErr = p.sendBody(ctx, body); sendErr != nil {
			left = append(left, entries[i:]...)
			break
		}
	}
	if err := writeQuarantine(path, left); err != nil {
		return 0, fmt.Errorf("quarantine %s: %w", path, err)
	}
	before, after := &Quarantine{frames: map[string]struct{}{}}, &Quarantine{frames: map[string]struct{}{}}
	for _, e := range entries {
		before.note(e)
	}
	for _, e := range left {
		after.note(e)
	}
	return before.Frames() - after.Frames(), sendErr
}

// quarantineFiles lists the quarantine files an upload of dir covers: dir
// itself when it is one, those in dir and in dir/quarantine, and those of
// the run spools in runDirs.
func quarantineFiles(dir string, runDirs []string) ([]string, error) {
	if fi, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("upload: %w", err)
	} else if !fi.IsDir() {
		return []string{dir}, nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, d := range []string{dir, filepath.Join(dir, "quarantine")} {
		ents, _ := os.ReadDir(d) // dir/quarantine need not exist
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".jsonl") {
				add(filepath.Join(d, e.Name()))
			}
		}
	}
	for _, d := range runDirs {
		add(quarantinePath(d))
	}
	sort.Strings(out)
	return out, nil
}

// checkUploadServer refuses to send a spool recorded for one server to
// another unless spoolServer names the recorded one. Each is a list
// (--server A,B): servers named together are instances of one
// installation, so a spool recorded for A,B may go to B,C.
func checkUploadServer(dir, recorded, server, spoolServer string) error {
	switch {
	case sameInstallation(recorded, server):
		return nil
	case spoolServer == "":
		return fmt.Errorf("%s was recorded for %s, not %s; the token is sent only to the server you name: to send it where it was recorded, pass --server %s; if that API now answers at %s, add --spool-server %s",
			dir, recorded, server, recorded, server, recorded)
	case !sameInstallation(recorded, spoolServer):
		return fmt.Errorf("%s was recorded for %s, not for --spool-server %s", dir, recorded, spoolServer)
	}
	return nil
}

// sameInstallation reports whether two server lists share a server.
func sameInstallation(a, b string) bool {
	for _, x := range splitServers(a) {
		for _, y := range splitServers(b) {
			if sameServer(x, y) {
				return true
			}
		}
	}
	return false
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
