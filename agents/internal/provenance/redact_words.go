package provenance

import (
	"path"
	"regexp"
	"strings"
)

// Command lines: a flag named like a credential redacts its value, given
// as "--password=x" or "--password x"; "-Dkey=value" properties and
// "KEY=VALUE" pairs follow the same name rules; short flags carry a
// password only for the clients that define them, since "-p" is a port to
// psql and a property to YCSB. The same rules read whitespace-separated
// words of free text ("sh -c 'mysql -pSECRET'", JAVA_OPTS).

// clientFlags maps a client to the short flag that takes its password.
// mysql's "-p" takes it attached only ("-pSECRET"): "-p db" prompts and
// names the database.
var clientFlags = map[string]string{
	"mysql": "-p=", "mysqldump": "-p=", "mysqladmin": "-p=", "mysqlslap": "-p=", "mysqlimport": "-p=",
	"mysqlcheck": "-p=", "mysqlshow": "-p=", "mariadb": "-p=", "mariadb-dump": "-p=", "mariadb-admin": "-p=",
	"mariadb-slap": "-p=",
	"redis-cli":    "-a", "redis-benchmark": "-a", "valkey-cli": "-a", "valkey-benchmark": "-a", "keydb-cli": "-a",
	"memtier_benchmark": "-a",
	"sshpass":           "-p", "mongosh": "-p", "mongo": "-p", "mongodump": "-p", "mongorestore": "-p", "mongoexport": "-p",
	"mongoimport": "-p", "mongostat": "-p", "mongotop": "-p", "cqlsh": "-p",
}

// userFlags take "user:password" (curl -u, ab -A): the part after the
// first ":" is redacted.
var userFlags = map[string]bool{"-u": true, "-U": true, "--user": true, "--proxy-user": true, "-A": true}

// flagName is a flag without a value ("--password", "-pwd").
var flagName = regexp.MustCompile(`^--?[A-Za-z][A-Za-z0-9_.\-]*$`)

// secretFlag reports whether w is a flag without "=" named like a credential.
func secretFlag(w string) bool {
	return flagName.MatchString(w) && SecretName(strings.TrimLeft(w, "-"))
}

// commandBreak ends a command within free text, and with it a client's flags.
func commandBreak(w string) bool {
	return w == "&&" || w == "||" || w == "|" || strings.HasSuffix(w, ";")
}

// redactWords redacts a list of words: flag values given as the next word
// here, everything else by each (a word of text, or a whole argv element).
func redactWords(ws []string, each func(string) string) []string {
	out := make([]string, len(ws))
	flag := "" // the password flag of the client being run
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if f, ok := clientFlags[path.Base(w)]; ok {
			flag = f
		} else if commandBreak(w) {
			flag = ""
		}
		short := strings.TrimSuffix(flag, "=")
		if flag != "" && len(w) > len(short) && strings.HasPrefix(w, short) {
			out[i] = short + Redacted
			continue
		}
		out[i] = each(w)
		if i+1 == len(ws) {
			continue
		}
		next := ws[i+1]
		switch {
		case (flag != "" && w == flag) || (secretFlag(w) && !strings.HasPrefix(next, "--")):
			out[i+1] = Redacted
			i++
		case userFlags[w]:
			out[i+1] = redactUserPass(next, each)
			i++
		}
	}
	return out
}

// redactUserPass redacts the password of "user:password".
func redactUserPass(v string, each func(string) string) string {
	if c := strings.IndexByte(v, ':'); c >= 0 && c < len(v)-1 && !strings.Contains(v, "://") {
		return v[:c+1] + Redacted
	}
	return each(v)
}

// pairStart is a KEY=VALUE pair at the start of a word.
var pairStart = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.\-]*=`)

// maxNesting bounds how deep values are read inside values
// ("--conf=spark.x.password=…", a URL in a URL's parameter). No real
// configuration nests deeper; a value that does is redacted whole rather
// than read, so "a=a=a=…" costs neither time nor a stack.
const maxNesting = 8

// redactWord redacts one word without whitespace: "--name=value",
// "-Dname=value", "NAME=VALUE" pairs (several, as in "user=sa;password=x"),
// URLs and scheme-less DSNs.
func redactWord(w string) string { return redactWordAt(w, 0) }

// redactWordAt is redactWord for a value nested depth levels deep.
func redactWordAt(w string, depth int) string {
	if w == Redacted || w == "" {
		return w
	}
	for _, prefix := range []string{"--", "-D", "-"} {
		body, ok := strings.CutPrefix(w, prefix)
		if !ok || !pairStart.MatchString(body) {
			continue
		}
		// A flag has one value: all of the rest, whatever it holds.
		name, value, _ := strings.Cut(body, "=")
		return prefix + name + "=" + redactPairValue(name, value, depth)
	}
	if pairStart.MatchString(w) {
		return redactPairs(w, depth)
	}
	if strings.Contains(w, "://") {
		return redactURL(w, depth)
	}
	if r, ok := redactBareUserinfo(w, depth); ok {
		return r
	}
	return redactQuery(w, depth)
}

// redactPairs redacts "a=1;password=x&b=2": a pair starts at the word's
// start or after ";", "&" or ",", and its value ends where the next pair
// starts, so a value holding one of those characters ("--password=p;ss"
// is one pair) is redacted whole.
func redactPairs(w string, depth int) string {
	var starts []int
	for i := 0; i < len(w); i++ {
		if (i == 0 || strings.IndexByte(";&,", w[i-1]) >= 0) && pairStart.MatchString(w[i:]) {
			starts = append(starts, i)
		}
	}
	var out strings.Builder
	for k, s := range starts {
		e := len(w)
		if k+1 < len(starts) {
			e = starts[k+1] - 1
		}
		name, value, _ := strings.Cut(w[s:e], "=")
		out.WriteString(name + "=" + redactPairValue(name, value, depth))
		if e < len(w) {
			out.WriteByte(w[e])
		}
	}
	return out.String()
}

// redactPairValue redacts the value of a pair named like a credential, and
// otherwise whatever the value holds (a URL, nested pairs).
func redactPairValue(name, value string, depth int) string {
	switch {
	case value == "" || alreadyRedacted(value):
		return value
	case SecretName(name) || depth >= maxNesting:
		return Redacted
	}
	inner := func(v string) string { return redactWordAt(v, depth+1) }
	if userFlags["--"+name] {
		return redactUserPass(value, inner)
	}
	return inner(value)
}

// alreadyRedacted: the marker, perhaps in quotes and before punctuation, is
// left as it is, so redacting twice changes nothing.
func alreadyRedacted(v string) bool {
	return strings.Trim(v, `"';,)`) == Redacted
}
