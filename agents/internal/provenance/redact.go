package provenance

import (
	"encoding/base64"
	"regexp"
	"strings"
)

// Redacted replaces every secret value. It says that something was there,
// and the parts around it (user name, host, flag, variable name) stay.
const Redacted = "[REDACTED]"

// Rules for free text that spans several words, applied before the words
// are read one by one (redact_words.go).
var (
	// A private key block, possibly cut short by the 4096-byte bound of a value.
	pemBlock = regexp.MustCompile(`(?s)-----BEGIN ([A-Z0-9 ]*PRIVATE KEY[A-Z ]*)-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|$)`)
	// name="value" and JSON's "name": "value" (a JAAS config's password="…").
	quotedDouble = regexp.MustCompile(`(^|[^A-Za-z0-9_.\-])"?([A-Za-z_][A-Za-z0-9_.\-]*)"?[ \t]*[=:][ \t]*"((?:[^"\\]|\\.)*)"`)
	quotedSingle = regexp.MustCompile(`(^|[^A-Za-z0-9_.\-])'?([A-Za-z_][A-Za-z0-9_.\-]*)'?[ \t]*[=:][ \t]*'([^']*)'`)
	// "Name: value" and "name = value" to the end of the line or a closing
	// quote: HTTP headers (curl -H 'X-API-Key: …'), YAML, INI files such as
	// ~/.aws/credentials and .my.cnf. "name=value" without spaces is a word
	// of its own (redactWord), so "password=x dbname=y" keeps dbname.
	linePair = regexp.MustCompile(`(^|[\t\n\f\r '"{,;(\[])([A-Za-z][A-Za-z0-9_.\-]*)(?:[ \t]*:|[ \t]+=|=[ \t])[ \t]*([^\t\n\f\r '"][^\r\n'"]*)`)
	// The scheme of an Authorization value stays ("Basic [REDACTED]").
	authScheme = regexp.MustCompile(`(?i)^(basic|bearer|token|digest|negotiate|ntlm|aws4-hmac-sha256|bot|apikey|oauth|ssws|geniekey)[ \t]+[^ \t]`)
	bearer     = regexp.MustCompile(`\b([Bb]earer)[ \t]+([A-Za-z0-9\-._~+/]+=*)`)
	basic      = regexp.MustCompile(`\b(Basic)[ \t]+([A-Za-z0-9+/]{4,}={0,2})`)
	textWord   = regexp.MustCompile(`[^\t\n\f\r ]+`)
)

// Shapes of well-known tokens, wherever they stand (a URL path, a label,
// a commit message): the structural rules cannot tell a token from a word
// when no name says it is one.
var (
	tokenShapes = []*regexp.Regexp{
		regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`),                                // AWS access key id
		regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`), // JWT
		regexp.MustCompile(`\blf_[A-Za-z0-9_-]{20,}`),                                      // Levelfield API token
		regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9]{20,}`),                                 // GitHub
		regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{20,}`),                               // GitHub fine-grained
		regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{20,}`),                                   // GitLab
		regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`),                              // Slack
		regexp.MustCompile(`\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`),                   // Stripe
		regexp.MustCompile(`\bsk-[A-Za-z0-9_-]{20,}`),                                      // OpenAI-style
		regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`),                                      // Google API key
		regexp.MustCompile(`\bya29\.[0-9A-Za-z_-]{20,}`),                                   // Google OAuth access token
		regexp.MustCompile(`\bnpm_[A-Za-z0-9]{36}`),                                        // npm
		regexp.MustCompile(`\bhf_[A-Za-z]{30,}`),                                           // Hugging Face
	}
	slackWebhook = regexp.MustCompile(`hooks\.slack\.com/services/[A-Za-z0-9]+/[A-Za-z0-9]+/[A-Za-z0-9]+`)
)

// RedactString redacts free text: a value, a label, a variable's value, one
// argument of a command line.
func RedactString(s string) string {
	s = pemBlock.ReplaceAllString(s, "-----BEGIN $1-----\n"+Redacted+"\n-----END $1-----")
	s = replaceGroup(quotedDouble, s, 3, secretValue)
	s = replaceGroup(quotedSingle, s, 3, secretValue)
	s = replaceGroup(linePair, s, 3, func(name, value string) string {
		v := strings.TrimRight(value, " \t")
		if !SecretName(name) || alreadyRedacted(v) {
			return value
		}
		trail := value[len(v):]
		if m := authScheme.FindStringSubmatch(v); m != nil {
			return m[1] + " " + Redacted + trail
		}
		return Redacted + trail
	})
	s = replaceGroup(bearer, s, 2, func(_, tok string) string {
		if len(tok) >= 16 || strings.ContainsAny(tok, "0123456789") {
			return Redacted
		}
		return tok
	})
	s = replaceGroup(basic, s, 2, func(_, cred string) string {
		if isBasicCredential(cred) {
			return Redacted
		}
		return cred
	})
	s = redactText(s)
	for _, re := range tokenShapes {
		s = re.ReplaceAllLiteralString(s, Redacted)
	}
	return slackWebhook.ReplaceAllLiteralString(s, "hooks.slack.com/services/"+Redacted)
}

// secretValue is the quoted-pair rule: the value of a credential-named key.
func secretValue(name, value string) string {
	if SecretName(name) && value != "" {
		return Redacted
	}
	return value
}

// replaceGroup replaces group g of every match of re by fn(group 2, group g):
// the pair rules above capture the name as group 2.
func replaceGroup(re *regexp.Regexp, s string, g int, fn func(name, value string) string) string {
	ms := re.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return s
	}
	var out strings.Builder
	last := 0
	for _, m := range ms {
		name := ""
		if m[4] >= 0 {
			name = s[m[4]:m[5]]
		}
		vs, ve := m[2*g], m[2*g+1]
		out.WriteString(s[last:vs])
		out.WriteString(fn(name, s[vs:ve]))
		last = ve
	}
	out.WriteString(s[last:])
	return out.String()
}

// isBasicCredential reports whether a "Basic" word is followed by base64 of
// "user:password", so "Basic workload" in prose stays.
func isBasicCredential(s string) bool {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || !strings.Contains(string(b), ":") {
		return false
	}
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// redactText reads the whitespace-separated words of s as a command line,
// keeping the whitespace between them.
func redactText(s string) string {
	idx := textWord.FindAllStringIndex(s, -1)
	if idx == nil {
		return s
	}
	ws := make([]string, len(idx))
	for i, m := range idx {
		ws[i] = s[m[0]:m[1]]
	}
	red := redactWords(ws, redactWord)
	var out strings.Builder
	last := 0
	for i, m := range idx {
		out.WriteString(s[last:m[0]])
		out.WriteString(red[i])
		last = m[1]
	}
	out.WriteString(s[last:])
	return out.String()
}

// RedactArgs redacts a command line given as its arguments.
func RedactArgs(args []string) []string {
	return redactWords(args, RedactString)
}

// RedactPair redacts a named value: an environment variable, a label, a
// field. The whole value of a credential-named one goes; any other keeps
// what is not a credential.
func RedactPair(name, value string) string {
	if value == "" || alreadyRedacted(value) {
		return value
	}
	if SecretName(name) {
		return Redacted
	}
	return RedactString(value)
}

// RedactLabels redacts a run's labels.
func RedactLabels(labels map[string]string) map[string]string {
	out := make(map[string]string, len(labels))
	for k, v := range labels {
		out[k] = RedactPair(k, v)
	}
	return out
}

// RedactDoc removes secrets from every field of the document: the whole
// value of a field named like a secret, values under secret-like keys of
// flat maps (client.environment's PGPASSWORD), and secrets anywhere in
// texts and lists. The origin stays, so reports show that something was there.
func RedactDoc(d *Doc) {
	d.Fields(func(_ string, g Group, key string) {
		f := g[key]
		if SecretName(key) {
			f.Value = redactLeaf(f.Value)
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
// keys, and secrets in texts. A list of texts is read as a command line, so
// "--password", "x" loses the x.
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
		if args, ok := texts(t); ok {
			out := make([]any, len(t))
			for i, a := range RedactArgs(args) {
				out[i] = a
			}
			return out
		}
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = Redact(x)
		}
		return out
	case []string:
		return RedactArgs(t)
	case string:
		return RedactString(t)
	}
	return v
}

func texts(list []any) ([]string, bool) {
	out := make([]string, len(list))
	for i, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// redactLeaf hides a value but keeps the shape of maps, so reports still
// show which keys were there. Nothing to hide stays: an empty text, a
// boolean, null.
func redactLeaf(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[k] = redactLeaf(x)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = redactLeaf(x)
		}
		return out
	case nil, bool:
		return v
	case string:
		if t == "" {
			return t
		}
	}
	return Redacted
}
