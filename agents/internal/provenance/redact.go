package provenance

import (
	"regexp"
	"strings"
	"unicode"
)

// Redacted replaces every secret value.
const Redacted = "[REDACTED]"

// secretWords are name parts that mark a credential (compared per word, so
// "keyingTime" or "monkey" are kept while "apiKey" and "AWS_SECRET_ACCESS_KEY" are not).
var secretWords = []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASS", "KEY", "APIKEY", "CREDENTIAL", "CREDENTIALS", "AUTH", "AUTHORIZATION", "COOKIE", "PRIVATE"}

// SecretName reports whether a key or variable name looks like a credential.
func SecretName(name string) bool {
	for _, w := range words(name) {
		for _, s := range secretWords {
			if w == s || (len(w) > len(s) && (strings.HasSuffix(w, s) && (s == "PASSWORD" || s == "TOKEN" || s == "SECRET" || s == "APIKEY"))) {
				return true
			}
		}
	}
	return false
}

// words splits snake, kebab, dotted and camel case names into upper-case words.
func words(name string) []string {
	var out []string
	var cur []rune
	prevLower := false
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			if len(cur) > 0 {
				out = append(out, string(cur))
			}
			cur, prevLower = nil, false
			continue
		case unicode.IsUpper(r) && prevLower:
			out = append(out, string(cur))
			cur = nil
		}
		cur = append(cur, unicode.ToUpper(r))
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	if len(cur) > 0 {
		out = append(out, string(cur))
	}
	return out
}

var secretShapes = []*regexp.Regexp{
	regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`),                                  // AWS access key id
	regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+`), // JWT
	regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9\-._~+/]+=*`),                         // bearer token
	regexp.MustCompile(`\blf_[A-Za-z0-9_-]{20,}`),                                      // Levelfield API token
	regexp.MustCompile(`\b(ghp|gho|ghu|ghs|github_pat|glpat|xox[abpr]|sk)[-_][A-Za-z0-9_-]{16,}`),
}

// urlCreds matches the password of credentials in a URL.
var urlCreds = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\s]+):[^@\s/]+@`)

// flagSecret matches "--password=x" and "password=x" in command lines and DSNs.
var flagSecret = regexp.MustCompile(`(?i)\b([a-z0-9_.-]*(password|passwd|secret|token|api[-_]?key|access[-_]?key)[a-z0-9_.-]*)(=|:\s*)(\S+)`)

// RedactString removes secret-shaped substrings.
func RedactString(s string) string {
	s = urlCreds.ReplaceAllString(s, "${1}:"+Redacted+"@")
	for _, re := range secretShapes {
		s = re.ReplaceAllString(s, Redacted)
	}
	return flagSecret.ReplaceAllString(s, "${1}${3}"+Redacted)
}

// RedactArgs redacts a command line: secret-shaped values and the value
// following a flag named like a secret ("--password x").
func RedactArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if i > 0 && strings.HasPrefix(args[i-1], "-") && !strings.Contains(args[i-1], "=") && SecretName(strings.TrimLeft(args[i-1], "-")) {
			out[i] = Redacted
			continue
		}
		out[i] = RedactString(a)
	}
	return out
}

// RedactDoc removes secrets from every field of the document: the whole
// value of a field named like a secret, values under secret-like keys of
// flat maps (client.environment's PGPASSWORD), and secret-shaped strings
// anywhere. The origin stays, so reports show that something was there.
func RedactDoc(d *Doc) {
	d.Fields(func(_ string, g Group, key string) {
		f := g[key]
		if SecretName(key) {
			f.Value = Redacted
		} else {
			f.Value = Redact(f.Value)
		}
		f.Source = RedactString(f.Source)
		g[key] = f
	})
	for i := range d.Nodes {
		d.Nodes[i].Name = RedactString(d.Nodes[i].Name)
	}
}

// Redact returns a copy of v with secrets removed: values under secret-like
// keys and secret-shaped strings anywhere.
func Redact(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, val := range t {
			if SecretName(k) {
				out[k] = redactLeaf(val)
				continue
			}
			out[k] = Redact(val)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = Redact(x)
		}
		return out
	case []string:
		out := make([]string, len(t))
		for i, x := range t {
			out[i] = RedactString(x)
		}
		return out
	case string:
		return RedactString(t)
	}
	return v
}

// redactLeaf hides a value but keeps the shape of maps, so reports still
// show which keys were there.
func redactLeaf(v any) any {
	if m, ok := v.(map[string]any); ok {
		out := make(map[string]any, len(m))
		for k, x := range m {
			out[k] = redactLeaf(x)
		}
		return out
	}
	return Redacted
}
