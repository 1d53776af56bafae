package sink

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// Quarantine keeps the frames of one run that the ingest API refused,
// with its answer, next to the run spools:
//
//	SPOOL/quarantine/<run directory>.jsonl
//
// one JSON line (Refused) per refusal. A refused batch used to be dropped:
// a batch over a limit, or one frame the API could not read, lost every
// frame with it. The agent never deletes this file; `upload` sends its
// frames again (after the API was upgraded, say), removes what the API then
// takes and keeps the rest with the new answer.
type Quarantine struct {
	Path string

	mu sync.Mutex
	// frames identifies each frame kept (series and seq), so a frame
	// refused twice (the agent died after keeping it, before it removed
	// its batch from the spool) is counted once.
	frames map[string]struct{}
	reason string // the first refusal, for the summary
}

// Refused is one line of a quarantine file.
type Refused struct {
	Server string    `json:"server"`
	RunID  string    `json:"runId"`
	At     time.Time `json:"at"`
	// Error is the API's answer.
	Error Refusal `json:"error"`
	// Batch holds the refused frames as sent, with their series.
	Batch Batch `json:"batch"`
	// Unparsed is a spooled body the agent could not read back (a damaged
	// file), kept as it was, in base64.
	Unparsed []byte `json:"unparsed,omitempty"`
}

// Refusal is the API's answer to a refused batch, or why the agent could
// not send it.
type Refusal struct {
	Status  int           `json:"status,omitempty"`
	Code    string        `json:"code,omitempty"`
	Message string        `json:"message"`
	Path    string        `json:"path,omitempty"`
	Details []ErrorDetail `json:"details,omitempty"`
}

func refusalOf(err error) Refusal {
	var ae *APIError
	if errors.As(err, &ae) {
		return Refusal{Status: ae.Status, Code: ae.Code, Message: ae.Message, Path: ae.Path, Details: ae.Details}
	}
	return Refusal{Message: err.Error()}
}

func (r Refusal) String() string {
	if r.Status == 0 {
		return r.Message
	}
	return (&APIError{Status: r.Status, Code: r.Code, Message: r.Message, Path: r.Path}).Error()
}

// quarantinePath is where the run spooled in runDir keeps its refused frames.
func quarantinePath(runDir string) string {
	return filepath.Join(filepath.Dir(runDir), "quarantine", filepath.Base(runDir)+".jsonl")
}

// openQuarantine opens a quarantine file, which need not exist yet.
func openQuarantine(path string) (*Quarantine, error) {
	q := &Quarantine{Path: path, frames: map[string]struct{}{}}
	entries, err := readQuarantine(path)
	if errors.Is(err, os.ErrNotExist) {
		return q, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		q.note(e)
	}
	return q, nil
}

// note counts an entry's frames.
func (q *Quarantine) note(e Refused) {
	series := map[string]string{}
	for _, s := range e.Batch.Series {
		labels, _ := json.Marshal(s.Labels) // sorted keys: one text per label set
		series[s.Key] = s.Name + "\x00" + s.Kind + "\x00" + s.Unit + "\x00" + string(labels)
	}
	for _, f := range e.Batch.Frames {
		q.frames[series[f.Series]+"\x00"+strconv.FormatInt(f.Seq, 10)] = struct{}{}
	}
	if q.reason == "" {
		q.reason = e.Error.String()
	}
}

// Add appends one refusal. The line is synced before it returns, and the
// sender forgets the batch only after that: an agent that dies leaves the
// batch in its spool or its frames here (or both, counted once).
func (q *Quarantine) Add(e Refused) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("quarantine: %w", err)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if err := appendLine(q.Path, line); err != nil {
		return fmt.Errorf("quarantine: %w", err)
	}
	q.note(e)
	return nil
}

// Frames is the number of distinct frames kept.
func (q *Quarantine) Frames() int64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	return int64(len(q.frames))
}

// Reason is the first refusal's answer.
func (q *Quarantine) Reason() string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.reason
}

// appendLine appends line and a line feed to path durably, creating the
// file and its directory as needed.
func appendLine(path string, line []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil || statErr == nil {
		return err
	}
	// A new file: its directory entry, and the directory's, must survive a
	// crash too.
	if err := syncDir(dir); err != nil {
		return err
	}
	return syncDir(filepath.Dir(dir))
}

// readQuarantine reads a quarantine file. A last line cut short (the agent
// died while writing it, before it forgot the batch) is skipped with a
// warning; any other line that does not parse is an error, so that a file
// damaged otherwise is never rewritten without it.
func readQuarantine(path string) ([]Refused, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := bytes.Split(raw, []byte("\n"))
	var out []Refused
	for i, line := range lines {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e Refused
		if err := json.Unmarshal(line, &e); err != nil {
			if i == len(lines)-1 {
				slog.Warn("the last line of a quarantine file is cut short; it is left out", "file", path)
				break
			}
			return nil, fmt.Errorf("quarantine %s line %d: %w", path, i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// writeQuarantine replaces a quarantine file with entries, or removes it
// when there are none.
func writeQuarantine(path string, entries []Refused) error {
	if len(entries) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return syncDir(filepath.Dir(path))
	}
	var buf bytes.Buffer
	for _, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			return err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return writeFile(path, buf.Bytes())
}
