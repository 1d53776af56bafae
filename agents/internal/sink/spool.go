package sink

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Spool is one run's queue of requests not yet accepted by the API, and the
// directory that keeps them across an outage or a crash:
//
//	run.json                      server, the create body, and the run id once created
//	batch-000000000001.json ...   frame batches, sent in name order
//	finish.json                   sent last, once no batch is left
//
// and its Quarantine, ../quarantine/<run directory>.jsonl, the frames the
// API refused (quarantine.go), which outlives the directory.
//
// A new batch is first held in memory and sent from there: while the API
// answers, a batch costs no file write, fsync, rename or unlink. It is
// written to its file (Persist) as soon as a send fails or takes longer
// than the sender's hold time, and when the agent stops with batches left.
// A replay sends the same frames with the same seq numbers (the API stores
// them once). An agent killed outright loses what it held: the batches of
// the last moments before the kill, next to its open intervals, which no
// design can keep.
//
// One process owns a spool: what is on disk is listed once, when it is
// opened, and then kept in memory, so delivering a batch costs no directory
// listing.
type Spool struct {
	Dir        string
	MaxBytes   int64
	Quarantine *Quarantine

	mu       sync.Mutex
	next     int64 // number of the next batch file
	bytes    int64
	dropped  int64     // frames refused because the spool was full
	queue    []spooled // batches not yet accepted, in send order, each on disk or held
	finished bool      // finish.json is written
}

// spooled is one batch: its file, and its body while it is held in memory only.
type spooled struct {
	path string
	size int64
	body []byte // nil once the file is written
}

// RunFile is the content of run.json.
type RunFile struct {
	Server string          `json:"server"`
	Create json.RawMessage `json:"create"`
	ID     string          `json:"id,omitempty"`
	URL    string          `json:"url,omitempty"`
}

var ErrSpoolFull = errors.New("spool full")

// OpenSpool opens or creates a run spool directory.
func OpenSpool(dir string, maxBytes int64) (*Spool, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	// The run's directory entry must survive a crash too.
	if err := syncDir(filepath.Dir(dir)); err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	q, err := openQuarantine(quarantinePath(dir))
	if err != nil {
		return nil, err
	}
	s := &Spool{Dir: dir, MaxBytes: maxBytes, Quarantine: q}
	names, err := s.batches()
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		var k int64
		if _, err := fmt.Sscanf(n, "batch-%d.json", &k); err == nil && k >= s.next {
			s.next = k + 1
		}
		b := spooled{path: filepath.Join(dir, n)}
		if fi, err := os.Stat(b.path); err == nil {
			b.size = fi.Size()
		}
		s.queue = append(s.queue, b)
		s.bytes += b.size
	}
	_, err = os.Stat(filepath.Join(dir, "finish.json"))
	s.finished = err == nil
	return s, nil
}

// writeFile writes atomically and durably: a crash, of the agent or of the
// machine, leaves either the old file or the complete new one. The data is
// synced before the rename (else a power loss can leave the new name on an
// empty file) and the directory after it (else the rename itself can be lost).
func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// syncDir makes a directory's entries (a rename, a new file) durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReadRun reads run.json.
func (s *Spool) ReadRun() (RunFile, error) {
	var r RunFile
	raw, err := os.ReadFile(filepath.Join(s.Dir, "run.json"))
	if err != nil {
		return r, fmt.Errorf("spool: %w", err)
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return r, fmt.Errorf("spool: run.json: %w", err)
	}
	return r, nil
}

// WriteRun writes run.json.
func (s *Spool) WriteRun(r RunFile) error {
	raw, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("spool: run.json: %w", err)
	}
	if err := writeFile(filepath.Join(s.Dir, "run.json"), raw); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	return nil
}

// PutBatch queues a batch, held in memory until it is sent or persisted,
// unless the spool is over its size bound; the bound keeps a long outage
// from filling the disk the benchmark uses. The spool keeps body: the caller
// must not change it afterwards.
func (s *Spool) PutBatch(body []byte, frames int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.MaxBytes > 0 && s.bytes+int64(len(body)) > s.MaxBytes {
		s.dropped += int64(frames)
		return fmt.Errorf("spool %s holds %d bytes: %w", s.Dir, s.bytes, ErrSpoolFull)
	}
	name := filepath.Join(s.Dir, fmt.Sprintf("batch-%012d.json", s.next))
	s.next++
	s.bytes += int64(len(body))
	s.queue = append(s.queue, spooled{path: name, size: int64(len(body)), body: body})
	return nil
}

// Persist writes every held batch to disk, oldest first. A batch whose
// write fails stays held and is tried again at the next call; the error says
// how many.
func (s *Spool) Persist() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var failed int
	var last error
	for i := range s.queue {
		b := &s.queue[i]
		if b.body == nil {
			continue
		}
		// Under the lock, so that Remove cannot delete a file that is
		// still being written and leave a stray copy behind.
		if err := writeFile(b.path, b.body); err != nil {
			failed++
			last = err
			continue
		}
		b.body = nil
	}
	if failed > 0 {
		return fmt.Errorf("spool: %d batches held in memory could not be written: %w", failed, last)
	}
	return nil
}

// Dropped is the number of frames that could not be spooled.
func (s *Spool) Dropped() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dropped
}

// Oldest returns the oldest batch's path and body, or "" if none is left.
func (s *Spool) Oldest() (path string, body []byte, err error) {
	s.mu.Lock()
	if len(s.queue) == 0 {
		s.mu.Unlock()
		return "", nil, nil
	}
	b := s.queue[0]
	s.mu.Unlock()
	if b.body != nil {
		return b.path, b.body, nil
	}
	body, err = os.ReadFile(b.path)
	if err != nil {
		return "", nil, fmt.Errorf("spool: %w", err)
	}
	return b.path, body, nil
}

// Remove forgets a batch, and deletes its file if it has one, once the API
// has accepted (or rejected) it.
func (s *Spool) Remove(path string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.IndexFunc(s.queue, func(b spooled) bool { return b.path == path })
	if i < 0 {
		return nil
	}
	if s.queue[i].body == nil {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("spool: %w", err)
		}
	}
	s.bytes -= s.queue[i].size
	s.queue = slices.Delete(s.queue, i, i+1)
	return nil
}

// Pending counts batches not yet delivered, held or on disk.
func (s *Spool) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

func (s *Spool) batches() ([]string, error) {
	ents, err := os.ReadDir(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "batch-") && strings.HasSuffix(e.Name(), ".json") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names) // zero-padded numbers: name order is send order
	return names, nil
}

// PutFinish records the finish body; it is sent after the last batch.
func (s *Spool) PutFinish(body []byte) error {
	if err := writeFile(filepath.Join(s.Dir, "finish.json"), body); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	s.mu.Lock()
	s.finished = true
	s.mu.Unlock()
	return nil
}

// Finish returns the finish body, or nil if the run is not finished.
func (s *Spool) Finish() ([]byte, error) {
	s.mu.Lock()
	finished := s.finished
	s.mu.Unlock()
	if !finished {
		return nil, nil
	}
	b, err := os.ReadFile(filepath.Join(s.Dir, "finish.json"))
	if err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	return b, nil
}

// RunDirs lists the run spools under dir, or dir itself if it is one.
func RunDirs(dir string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(dir, "run.json")); err == nil {
		return []string{dir}, nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	var out []string
	for _, e := range ents {
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "run.json")); e.IsDir() && err == nil {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out, nil
}
