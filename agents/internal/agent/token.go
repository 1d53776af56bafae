package agent

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// TokenEnv is the variable the agent reads its API token from.
const TokenEnv = "LEVELFIELD_TOKEN"

// ErrTokenOnCommandLine is the answer to --token: arguments are visible to
// every user of the machine (ps, /proc/PID/cmdline) and stay in shell history.
var ErrTokenOnCommandLine = fmt.Errorf("--token is refused: a token on the command line can be read by every user of this machine in the process list (ps, /proc/PID/cmdline) and stays in your shell history; pass it in the environment (export %s=...) or in a file only you can read (--token-file PATH)", TokenEnv)

// maxTokenFile bounds --token-file: a token is one short line.
const maxTokenFile = 4096

// Token is the API token and where it came from: the start line names the
// source, never the token.
type Token struct {
	Value, From string
}

// ReadToken takes the token from --token-file when given, else from
// LEVELFIELD_TOKEN (getenv). A file others can read works (Docker and
// Kubernetes mount secrets 0444/0644) but draws a warning on warn.
func ReadToken(file string, getenv func(string) string, warn io.Writer) (Token, error) {
	if file == "" {
		return Token{Value: strings.TrimSpace(getenv(TokenEnv)), From: TokenEnv}, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return Token{}, fmt.Errorf("--token-file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Token{}, fmt.Errorf("--token-file: %w", err)
	}
	if !fi.Mode().IsRegular() && fi.Mode()&os.ModeNamedPipe == 0 {
		return Token{}, fmt.Errorf("--token-file %s is not a file", file)
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxTokenFile+1))
	if err != nil {
		return Token{}, fmt.Errorf("--token-file: %w", err)
	}
	tok := strings.TrimSpace(string(raw))
	switch {
	case len(raw) > maxTokenFile:
		return Token{}, fmt.Errorf("--token-file %s is over %d bytes: it must hold the project API token alone", file, maxTokenFile)
	case tok == "":
		return Token{}, fmt.Errorf("--token-file %s is empty: put the project API token in it (Levelfield shows it once, when you create it)", file)
	case strings.ContainsAny(tok, " \t\r\n"):
		return Token{}, fmt.Errorf("--token-file %s holds more than one word: it must hold the project API token alone", file)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 && fi.Mode().IsRegular() {
		fmt.Fprintf(warn, "levelfield-agent: warning: --token-file %s can be read by other users (mode %04o); chmod 600 %s\n", file, perm, file)
	}
	return Token{Value: tok, From: "--token-file " + file}, nil
}
