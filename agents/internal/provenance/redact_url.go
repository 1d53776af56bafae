package provenance

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// URLs are parsed rather than matched: the userinfo of any shape (user:pw,
// :pw, a token alone, a password holding "/", "@", "?" or "#" unencoded, as
// people paste them) and parameters named like credentials in the query,
// the fragment or JDBC's ";key=value" lose their values; the scheme, the
// user name, the host, the path and every other parameter stay.

// redactURL redacts the first URL in a token (no whitespace), nested depth
// values deep; the text before its scheme ("jdbc:", a quote, a bracket) is kept.
func redactURL(tok string, depth int) string {
	i := strings.Index(tok, "://")
	s := i
	for s > 0 && isSchemeChar(tok[s-1]) {
		s--
	}
	if i < 0 || s == i || !isLetter(tok[s]) {
		return tok
	}
	// Closing quotes and brackets around a URL are not part of it; the
	// marker's own bracket is.
	end := len(tok)
	for end > i+3 && strings.IndexByte(`'"()[]{}<>,;.`, tok[end-1]) >= 0 && !strings.HasSuffix(tok[:end], Redacted) {
		end--
	}
	return tok[:i+3] + redactAuthority(tok[i+3:end], false, depth) + tok[end:]
}

func isSchemeChar(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == '+' || c == '.' || c == '-'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// redactAuthority redacts what follows "scheme://" (or a scheme-less DSN
// such as "root:pw@tcp(db:3306)/app", when bare).
func redactAuthority(rest string, bare bool, depth int) string {
	at := userinfoEnd(rest, bare)
	after := rest
	var out strings.Builder
	if at >= 0 {
		out.WriteString(redactUserinfo(rest[:at]))
		out.WriteByte('@')
		after = rest[at+1:]
	}
	h := strings.IndexAny(after, "/?#;")
	if h < 0 {
		out.WriteString(after)
		return out.String()
	}
	out.WriteString(after[:h])
	out.WriteString(redactParams(after[h:], "?&;#", depth))
	return out.String()
}

// userinfoEnd returns the index of the "@" that ends the userinfo, or -1.
// RFC 3986 ends the authority at the first "/", "?" or "#", but passwords
// are pasted unencoded, so the last "@" followed by a host wins, provided
// what precedes it is "user:..." whose ":" is not a port
// ("https://medium.com/@user" and "http://h:8080/@x" have no userinfo).
// A bare DSN needs the "user:" form, and a Go MySQL DSN's host may be
// "tcp(...)" or "unix(...)".
func userinfoEnd(rest string, bare bool) int {
	for at := strings.LastIndexByte(rest, '@'); at >= 0; at = strings.LastIndexByte(rest[:at], '@') {
		before, after := rest[:at], rest[at+1:]
		if !hostLike(after) && !(bare && (strings.HasPrefix(after, "tcp(") || strings.HasPrefix(after, "unix("))) {
			continue
		}
		c := strings.IndexByte(before, ':')
		if !strings.ContainsAny(before, "/?#") && (!bare || c >= 0) {
			return at
		}
		if c < 0 || strings.ContainsAny(before[:c], "/?#") {
			continue
		}
		p := before[c+1:]
		if k := strings.IndexAny(p, "/?#"); k > 0 && allDigits(p[:k]) {
			continue
		}
		return at
	}
	return -1
}

// hostLike reports whether s starts with a host (or several, as in
// MongoDB's "h1:27017,h2:27017") followed by the end or a path, query,
// fragment or JDBC parameter.
func hostLike(s string) bool {
	if s == "" || !(isLetter(s[0]) || s[0] >= '0' && s[0] <= '9' || s[0] == '[') {
		return false
	}
	i := 0
	for i < len(s) && (isSchemeChar(s[i]) || strings.IndexByte("[]:_%,", s[i]) >= 0) {
		i++
	}
	return i == len(s) || strings.IndexByte("/?#;", s[i]) >= 0
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// redactUserinfo keeps the user name and redacts the password; a userinfo
// without a password is a user name, kept, unless it looks like a token
// ("https://ghp_…@github.com").
func redactUserinfo(ui string) string {
	if c := strings.IndexByte(ui, ':'); c >= 0 {
		user, pw := ui[:c], ui[c+1:]
		if pw == "" {
			return ui
		}
		if tokenLike(user) {
			user = Redacted
		}
		return user + ":" + Redacted
	}
	if tokenLike(ui) {
		return Redacted
	}
	return ui
}

// tokenLike tells a generated token from a user name: user names are short
// and rarely mix upper case, lower case and digits.
func tokenLike(s string) bool {
	if s == Redacted {
		return false
	}
	n := utf8.RuneCountInString(s)
	if n >= 20 {
		return true
	}
	var upper, lower, digit bool
	for _, r := range s {
		upper = upper || unicode.IsUpper(r)
		lower = lower || unicode.IsLower(r)
		digit = digit || unicode.IsDigit(r)
	}
	return n >= 12 && upper && lower && digit
}

// paramName is a parameter name at the start of a string, with its "=".
var paramName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.\-]*=`)

// redactParams redacts the values of credential-named parameters in the
// part of a URL after its host: a parameter starts after one of seps and
// its value ends at the next "&", ";" or "#". A value that is itself a URL
// (a redirect) is redacted as one.
func redactParams(tail, seps string, depth int) string {
	var out strings.Builder
	i := 0
	for i < len(tail) {
		if i > 0 && strings.IndexByte(seps, tail[i-1]) >= 0 {
			if m := paramName.FindString(tail[i:]); m != "" {
				name := m[:len(m)-1]
				vs := i + len(m)
				ve := vs
				for ve < len(tail) && strings.IndexByte("&;#", tail[ve]) < 0 {
					ve++
				}
				out.WriteString(m)
				out.WriteString(redactParamValue(name, tail[vs:ve], depth))
				i = ve
				continue
			}
		}
		out.WriteByte(tail[i])
		i++
	}
	return out.String()
}

func redactParamValue(name, value string, depth int) string {
	switch {
	case value == "":
		return value
	case SecretName(name):
		return Redacted
	case strings.Contains(value, "://") && depth >= maxNesting:
		return Redacted
	case strings.Contains(value, "://"):
		return redactURL(value, depth+1)
	}
	return value
}

// redactQuery redacts the credential-named parameters of a URL written
// without its scheme, as curl and k6 name tags take them
// ("localhost:8080/x?api_key=…", "health?token=…"): those after the first
// "?" lose their values.
func redactQuery(tok string, depth int) string {
	q := strings.IndexByte(tok, '?')
	if q < 0 {
		return tok
	}
	return tok[:q] + redactParams(tok[q:], "?&;#", depth)
}

// oracleThin is Oracle's "user/password@" form in JDBC thin URLs.
var oracleThin = regexp.MustCompile(`(jdbc:oracle:[a-z]+:)([^/@:]*)/([^@]+)@`)

// redactBareUserinfo redacts a DSN without a scheme: MySQL Shell's
// "root:pw@db:3306", the Go MySQL driver's "app:pw@tcp(db:3306)/app", and
// JDBC thin's "jdbc:oracle:thin:scott/tiger@//db:1521/ORCL". Image digests
// ("postgres:16@sha256:…") and mailto-style URIs are not credentials.
func redactBareUserinfo(tok string, depth int) (string, bool) {
	if m := oracleThin.FindStringSubmatchIndex(tok); m != nil {
		if tok[m[6]:m[7]] == Redacted {
			return tok, true
		}
		return tok[:m[6]] + Redacted + tok[m[7]:], true
	}
	c := strings.IndexByte(tok, ':')
	if c < 0 || !strings.ContainsRune(tok, '@') {
		return tok, false
	}
	switch strings.ToLower(tok[:c]) {
	case "mailto", "sip", "sips", "xmpp", "tel":
		return tok, false
	}
	for i := 0; i < c; i++ {
		if !isSchemeChar(tok[i]) && tok[i] != '_' && tok[i] != '%' {
			return tok, false
		}
	}
	at := userinfoEnd(tok, true)
	if at < 0 || strings.HasPrefix(tok[at+1:], "sha256:") || strings.HasPrefix(tok[at+1:], "sha512:") {
		return tok, false
	}
	return redactAuthority(tok, true, depth), true
}
