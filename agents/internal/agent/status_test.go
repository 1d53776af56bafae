package agent

import (
	"bytes"
	"strings"
	"testing"
)

func TestStatusLineOnePerIntervalWhenNotATerminal(t *testing.T) {
	var buf bytes.Buffer
	s := newStatusLine(&buf)
	out := s.Wrap(&buf)
	s.Set("a")
	out.Write([]byte("tool says hi\n"))
	s.Set("b")
	s.Done()
	if got := buf.String(); got != "a\ntool says hi\nb\n" {
		t.Fatalf("%q", got)
	}
}

func TestStatusLineInPlaceOnATerminal(t *testing.T) {
	var term, stdout bytes.Buffer
	s := &statusLine{w: &term, inPlace: true}
	errw, outw := s.Wrap(&term), s.Wrap(&stdout)
	s.Set("[levelfield] 1s")
	s.Set("[levelfield] 2s")
	errw.Write([]byte("progress: 2.0 s\n"))
	outw.Write([]byte("partial"))
	s.Set("[levelfield] 3s") // the tool is mid-line: not drawn over it
	outw.Write([]byte(" line\n"))
	s.Done()
	want := "\r\x1b[K[levelfield] 1s" + "\r\x1b[K[levelfield] 2s" +
		"\r\x1b[K" + "progress: 2.0 s\n" + "[levelfield] 2s" +
		"\r\x1b[K" + "[levelfield] 3s" + "\n"
	if got := term.String(); got != want {
		t.Errorf("terminal:\n%q\nwant\n%q", got, want)
	}
	// The benchmark's bytes pass through unchanged.
	if stdout.String() != "partial line\n" || strings.Contains(stdout.String(), "\x1b") {
		t.Errorf("stdout %q", stdout.String())
	}
}
