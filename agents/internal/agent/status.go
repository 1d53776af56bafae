package agent

import (
	"io"
	"os"
	"sync"
)

// statusLine is the agent's live line on stderr. On a terminal it is
// rewritten in place at the bottom while the benchmark's own output scrolls
// above it; anywhere else (a file, a CI log) it is one line per interval,
// since carriage returns would turn a log into one unreadable line.
type statusLine struct {
	mu      sync.Mutex
	w       io.Writer // stderr
	inPlace bool
	text    string // the status to show
	drawn   bool   // text is on screen, on the last line
	midLine bool   // the benchmark's output stopped mid-line: do not draw over it
}

func newStatusLine(stderr io.Writer) *statusLine {
	return &statusLine{w: stderr, inPlace: isTerminal(stderr)}
}

// isTerminal reports whether w is a character device (a terminal; also
// /dev/null, where the escape codes are harmless).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// eraseLine moves to the start of the line and clears it (ANSI CSI K).
const eraseLine = "\r\x1b[K"

// Set shows a new status.
func (s *statusLine) Set(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.inPlace {
		io.WriteString(s.w, text+"\n")
		return
	}
	s.text = text
	if !s.midLine {
		io.WriteString(s.w, eraseLine+text)
		s.drawn = true
	}
}

// Done leaves the last status on its own line, so what follows (the run's
// URL, what is left in the spool) starts on a fresh one.
func (s *statusLine) Done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.drawn {
		io.WriteString(s.w, "\n")
	}
	s.drawn, s.text, s.inPlace = false, "", false
}

// Wrap returns a writer for output that shares the terminal with the status
// (the benchmark's stdout and stderr, the agent's log): each write first
// erases the status, and the status is drawn again below it once the output
// has ended a line. The bytes written to w are exactly p.
func (s *statusLine) Wrap(w io.Writer) io.Writer {
	if !s.inPlace {
		return w
	}
	return writerFunc(func(p []byte) (int, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.drawn {
			io.WriteString(s.w, eraseLine)
			s.drawn = false
		}
		n, err := w.Write(p)
		if len(p) > 0 {
			s.midLine = p[len(p)-1] != '\n'
		}
		if !s.midLine && s.text != "" && s.inPlace {
			io.WriteString(s.w, s.text)
			s.drawn = true
		}
		return n, err
	})
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
