package provenance

import (
	"strings"
	"unicode"
)

// Name rules: which keys, flags, variables, labels and parameters hold a
// credential. Names are compared word by word (snake, kebab, dotted and
// camel case), so "monkey", "keyspace", "tokenizer" and "--keys" are kept.
// packages/contracts/src/redact.ts applies the same rules; both are tested
// against packages/contracts/vectors/credentials.json.
var (
	// secretWords mark a credential wherever they stand in the name
	// (DB_PASS, MYSQL_PWD, client_secret, X-Amz-Security-Token).
	secretWords = setOf("PASSWORD", "PASSWD", "PASS", "PWD", "PASSPHRASE", "SECRET", "SECRETS", "TOKEN",
		"CRED", "CREDS", "CREDENTIAL", "CREDENTIALS", "APIKEY", "ACCESSKEY", "SECRETKEY", "PRIVATEKEY",
		// A session id is a bearer credential: whoever holds it is signed in (sessionid, JSESSIONID).
		"SESSIONID", "SESSID")
	// joinedSuffixes catch names written as one word (PGPASSWORD, GHTOKEN, JSESSIONID, PHPSESSID).
	joinedSuffixes = []string{"PASSWORD", "PASSWD", "PASSPHRASE", "TOKEN", "SECRET", "APIKEY", "SESSIONID", "SESSID"}
	// lastWords mark a credential only as the last word: "api_key" and
	// "REDIS_AUTH" hold one, "--key-maximum" and "authSource" do not.
	lastWords = setOf("KEY", "AUTH", "AUTHORIZATION", "AUTHENTICATE", "BEARER", "COOKIE", "SIG", "SIGNATURE")
	// keyQualifiers name keys of data, not of locks ("primary_key", "partition.key").
	keyQualifiers = setOf("PRIMARY", "PARTITION", "SORT", "SHARD", "FOREIGN", "ROUTING", "HASH", "RANGE", "CLUSTERING", "PUBLIC")
	// descriptors as the last word say the name describes a credential
	// rather than holding it: "--password-file /run/secrets/db" keeps the
	// path (a reviewer sees where the secret came from, which is no secret),
	// as do PGPASSFILE-style *_FILE, password_encryption and token_type.
	descriptors = setOf("FILE", "FILES", "PATH", "DIR", "TYPE", "METHOD", "MECHANISM", "ENCRYPTION", "LENGTH", "SIZE", "TTL", "NAME")
)

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// SecretName reports whether a key, flag, variable or parameter name holds
// a credential.
func SecretName(name string) bool {
	ws := words(name)
	if len(ws) == 0 {
		return false
	}
	last := ws[len(ws)-1]
	if descriptors[last] {
		return false
	}
	if lastWords[last] && (len(ws) == 1 || !keyQualifiers[ws[len(ws)-2]]) {
		return true
	}
	for i, w := range ws {
		// "session_id", "sessionId": the id of a session, written as two words.
		if w == "SESSION" && i+1 < len(ws) && ws[i+1] == "ID" {
			return true
		}
		if secretWords[w] {
			return true
		}
		for _, s := range joinedSuffixes {
			if len(w) > len(s) && strings.HasSuffix(w, s) {
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
