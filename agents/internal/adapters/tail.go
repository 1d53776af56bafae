package adapters

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"
)

// pollEvery is how often followed files are checked for new data. Polling
// (not inotify) keeps the agent portable, and 100 ms is far below the 1 s
// interval.
var pollEvery = 100 * time.Millisecond

// maxLine caps one line of tool output; longer lines are skipped, so a
// corrupt file cannot make the agent buffer without limit.
const maxLine = 4 << 20

// lineReader splits a growing file into complete lines. It keeps a partial
// last line until the writer completes it.
type lineReader struct {
	path    string
	f       io.ReadCloser
	partial []byte
	buf     []byte
	skip    bool // inside an over-long line
}

// openLines opens path; a file named *.gz is read decompressed (k6 writes
// `--out json=FILE.gz` gzipped), its end, when following, waiting for the
// writer until ctx ends.
func openLines(ctx context.Context, path string, follow bool) (*lineReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	var r io.ReadCloser = f
	if strings.HasSuffix(path, ".gz") {
		var src io.Reader = f
		if follow {
			src = growingFile{ctx: ctx, f: f}
		}
		r = &gzipTail{file: f, src: src}
	}
	return &lineReader{path: path, f: r, buf: make([]byte, 64<<10)}, nil
}

// growingFile reads a file its writer may still be appending to: a read at
// its end waits for more until ctx ends (the writer has exited), since a
// gzip stream cannot be resumed after a read that came back short.
type growingFile struct {
	ctx context.Context
	f   *os.File
}

func (g growingFile) Read(p []byte) (int, error) {
	for {
		done := g.ctx.Err() != nil // checked before the read, so what came before the end is read
		n, err := g.f.Read(p)
		if n > 0 || (err != nil && !errors.Is(err, io.EOF)) || done {
			return n, err
		}
		select {
		case <-g.ctx.Done():
		case <-time.After(pollEvery):
		}
	}
}

// gzipTail decompresses src, reading the gzip header at the first Read: the
// writer may not have written it yet when the file is opened.
type gzipTail struct {
	file *os.File
	src  io.Reader
	z    *gzip.Reader
}

func (g *gzipTail) Read(p []byte) (int, error) {
	if g.z == nil {
		z, err := gzip.NewReader(g.src)
		if err != nil {
			return 0, err
		}
		g.z = z
	}
	return g.z.Read(p)
}

func (g *gzipTail) Close() error { return g.file.Close() }

// readAvailable calls fn for every complete line written so far.
func (l *lineReader) readAvailable(fn func([]byte)) error {
	for {
		n, err := l.f.Read(l.buf)
		if n > 0 {
			l.split(l.buf[:n], fn)
		}
		if errors.Is(err, io.EOF) || n == 0 {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", l.path, err)
		}
	}
}

func (l *lineReader) split(data []byte, fn func([]byte)) {
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			if len(l.partial)+len(data) > maxLine {
				l.partial, l.skip = l.partial[:0], true
				return
			}
			l.partial = append(l.partial, data...)
			return
		}
		line := data[:i]
		if len(l.partial) > 0 {
			l.partial = append(l.partial, line...)
			line = l.partial
		}
		if !l.skip {
			fn(bytes.TrimRight(line, "\r"))
		} else {
			slog.Warn("skipped an over-long line", "file", l.path, "limit", maxLine)
		}
		l.partial, l.skip = l.partial[:0], false
		data = data[i+1:]
	}
}

// finish reads what is left, including an unterminated last line.
func (l *lineReader) finish(fn func([]byte)) error {
	err := l.readAvailable(fn)
	if len(l.partial) > 0 && !l.skip {
		fn(l.partial)
	}
	l.partial = nil
	return errors.Join(err, l.f.Close())
}

// followFile feeds fn every line of path. With follow set it waits for the
// file to appear and keeps reading until ctx is cancelled, then drains it.
func followFile(ctx context.Context, path string, follow bool, fn func([]byte)) error {
	var lr *lineReader
	for lr == nil {
		var err error
		lr, err = openLines(ctx, path, follow)
		if err == nil {
			break
		}
		if !follow || !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("open %s: %w", path, err)
		}
		select {
		case <-ctx.Done():
			// One last look: the tool may have written the file just before exiting.
			if lr, err = openLines(ctx, path, follow); err != nil {
				return fmt.Errorf("%s was never written: %w", path, err)
			}
		case <-time.After(pollEvery):
		}
	}
	if !follow {
		return lr.finish(fn)
	}
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for {
		if err := lr.readAvailable(fn); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return lr.finish(fn)
		case <-t.C:
		}
	}
}

// toolFile is a file an adapter reads: under `run`, one the wrapped tool
// writes, with what an earlier run left at its path (before, taken when the
// adapter is built, before the tool starts); under `import`, a finished file.
type toolFile struct {
	path   string
	before os.FileInfo
}

// outputOfTool is the file the wrapped tool will write at path.
func outputOfTool(path string) []toolFile {
	before, _ := os.Stat(path)
	return []toolFile{{path: path, before: before}}
}

// finishedFiles are the files `import` reads once.
func finishedFiles(paths []string) []toolFile {
	files := make([]toolFile, len(paths))
	for i, p := range paths {
		files[i] = toolFile{path: p}
	}
	return files
}

// read calls fn for each line of the file, following it until ctx ends when
// follow is set. A file an earlier run left is read only once the tool has
// rewritten it, and not at all when the tool ended without writing it.
func (f toolFile) read(ctx context.Context, follow bool, fn func([]byte)) error {
	if f.before != nil && !rewritten(ctx, f.path, f.before) {
		return nil
	}
	return followFile(ctx, f.path, follow, fn)
}

// rewritten waits until path is no longer the file before, which an earlier
// run left and the tool truncates or replaces when it starts writing, and
// reports whether that happened before ctx ended. Until then the file holds
// the earlier run's data, and reading it would take that run's samples for
// this one's and skip as many bytes of this run's once the tool truncates it.
func rewritten(ctx context.Context, path string, before os.FileInfo) bool {
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for {
		done := ctx.Err() != nil
		fi, err := os.Stat(path)
		if err != nil || !os.SameFile(fi, before) || fi.Size() != before.Size() || !fi.ModTime().Equal(before.ModTime()) {
			return true
		}
		if done {
			return false
		}
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
}
