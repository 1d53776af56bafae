package adapters

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Shape is what a tool's command line says about the load it offers, as
// provenance fields ("client.connections" → 8, "workload.parameters" →
// {script, protocol, …}): two runs that differ here measure different
// things whatever their labels say, so histories and CI verdicts keep them
// apart, and the fairness checks compare them. Only what shapes the load is
// read: durations, hosts, ports, database names, log and output options are
// left out, since they change between runs of one line (CI runners, temp
// directories) without changing what is measured.
type Shape map[string]any

// shapers read the command lines of the tools whose options they know.
var shapers = map[string]func(args []string, dir string) Shape{
	"pgbench": pgbenchShape,
	"wrk":     wrkShape,
	"k6":      k6Shape,
}

// ShapeOf reads the shape of the named adapter's command (args[0] is the
// tool), nil for tools whose options no shaper knows.
func ShapeOf(adapter string, args []string, dir string) Shape {
	read := shapers[adapter]
	if read == nil || len(args) == 0 {
		return nil
	}
	return read(args[1:], dir)
}

// pgbenchBuiltins are pgbench's built-in scripts; -b takes any unambiguous
// prefix of a name ("-b se" is select-only).
var pgbenchBuiltins = []string{"tpcb-like", "simple-update", "select-only"}

func pgbenchBuiltin(given string) string {
	name, weight, _ := strings.Cut(given, "@")
	for _, b := range pgbenchBuiltins {
		if strings.HasPrefix(b, name) && name != "" {
			return withWeight("builtin "+b, weight)
		}
	}
	return withWeight("builtin "+name, weight)
}

func withWeight(script, weight string) string {
	if weight == "" {
		return script
	}
	return script + " @" + weight
}

// scriptFile names a script file by its base name and the start of its
// content's SHA-256, so the same script in another directory is the same
// and an edited one is not; "unreadable" when the agent cannot open it.
func scriptFile(path, dir string) string {
	content, err := os.ReadFile(resolve(dir, path))
	if err != nil {
		return "file " + filepath.Base(path) + " (unreadable)"
	}
	sum := sha256.Sum256(content)
	return "file " + filepath.Base(path) + " sha256:" + hex.EncodeToString(sum[:6])
}

// pgbenchShape reads pgbench's options (PostgreSQL 13–18 documentation),
// with pgbench's defaults where an option is absent: 1 client, 1 thread,
// the simple protocol and the tpcb-like script.
func pgbenchShape(args []string, dir string) Shape {
	scripts := pgbenchScripts(args, dir)
	if len(scripts) == 0 {
		scripts = []any{"builtin tpcb-like"}
	}
	params := map[string]any{"scripts": scripts, "protocol": "simple"}
	if v, ok := flagValue(args, "--protocol", "-M"); ok {
		params["protocol"] = v
	}
	if hasFlag(args, "-C", "--connect") {
		params["connectPerTransaction"] = true
	}
	if defines := flagValues(args, "--define", "-D"); len(defines) > 0 {
		params["defines"] = stringsAny(defines)
	}
	for _, o := range []struct{ long, short, key string }{
		{"--latency-limit", "-L", "latencyLimitMs"},
		{"--max-tries", "", "maxTries"},
		{"--random-seed", "", "randomSeed"},
	} {
		if v, ok := flagValue(args, o.long, o.short); ok {
			params[o.key] = v
		}
	}
	return loadShape(args, params, countFlag{"--client", "-c", 1}, countFlag{"--jobs", "-j", 1})
}

// pgbenchScripts lists the scripts in the order the command line gives
// them, which is pgbench's own numbering (its log's script 0 is the first).
func pgbenchScripts(args []string, dir string) []any {
	var scripts []any
	for i := 0; i < len(args); i++ {
		flag, value, hasValue := strings.Cut(args[i], "=")
		if !hasValue && len(flag) > 2 && !strings.HasPrefix(flag, "--") {
			flag, value, hasValue = flag[:2], flag[2:], true // -bselect-only
		}
		takeValue := func() string {
			if hasValue {
				return value
			}
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch flag {
		case "-b", "--builtin":
			scripts = append(scripts, pgbenchBuiltin(takeValue()))
		case "-f", "--file":
			path, weight, _ := strings.Cut(takeValue(), "@")
			scripts = append(scripts, withWeight(scriptFile(path, dir), weight))
		case "-N", "--skip-some-updates":
			scripts = append(scripts, "builtin simple-update")
		case "-S", "--select-only":
			scripts = append(scripts, "builtin select-only")
		}
	}
	return scripts
}

// wrkShape reads wrk's and wrk2's options: connections (-c, default 10),
// threads (-t, default 2), wrk2's rate (-R), the Lua script, the headers'
// names and the URL's path and query names. Header and query values are
// left out: they are where credentials and per-run ids travel, and the host
// is where the run went, not what it asked for.
func wrkShape(args []string, dir string) Shape {
	params := map[string]any{}
	if s, ok := flagValue(args, "--script", "-s"); ok {
		params["script"] = scriptFile(s, dir)
	}
	if hs := flagValues(args, "--header", "-H"); len(hs) > 0 {
		names := make([]any, len(hs))
		for i, h := range hs {
			name, _, _ := strings.Cut(h, ":")
			names[i] = strings.ToLower(strings.TrimSpace(name))
		}
		params["headers"] = names
	}
	// wrk's URL is its first argument that is no option; the arguments after
	// it ("--" and on) are its Lua script's own, and may name other URLs (a
	// webhook the script reports to).
	for _, a := range args {
		rest, ok := strings.CutPrefix(a, "http://")
		if !ok {
			rest, ok = strings.CutPrefix(a, "https://")
		}
		if ok {
			params["path"] = pathOf(rest)
			break
		}
	}
	return loadShape(args, params, countFlag{"--connections", "-c", 10}, countFlag{"--threads", "-t", 2})
}

// k6Shape reads `k6 run`'s options: the script (its scenarios and
// thresholds live there) and its --config file by content, the VUs,
// iterations, stages and rate limit given on the command line, and the
// names of --env variables (their values are where tokens travel).
func k6Shape(args []string, dir string) Shape {
	params := map[string]any{}
	for i := len(args) - 1; i >= 0; i-- {
		if ext := filepath.Ext(args[i]); ext == ".js" || ext == ".mjs" || ext == ".cjs" || ext == ".ts" || ext == ".tar" {
			params["script"] = scriptFile(args[i], dir)
			break
		}
	}
	if cfg := k6Flag(args, "--config", "-c"); len(cfg) > 0 {
		params["config"] = scriptFile(cfg[len(cfg)-1], dir)
	}
	for _, o := range []struct{ long, short, key string }{
		{"--iterations", "-i", "iterations"},
		{"--rps", "", "rps"},
	} {
		if v := k6Flag(args, o.long, o.short); len(v) > 0 {
			params[o.key] = numberOrText(v[len(v)-1])
		}
	}
	if stages := k6Flag(args, "--stage", "-s"); len(stages) > 0 {
		params["stages"] = stringsAny(stages)
	}
	if envs := k6Flag(args, "--env", "-e"); len(envs) > 0 {
		names := make([]any, len(envs))
		for i, e := range envs {
			names[i], _, _ = strings.Cut(e, "=")
		}
		params["env"] = names
	}
	shape := Shape{"workload.parameters": params}
	if vus := k6Flag(args, "--vus", "-u"); len(vus) > 0 {
		shape["client.workers"] = numberOrText(vus[len(vus)-1])
	}
	return shape
}

// countFlag is a count option (connections, threads) and the tool's default.
type countFlag struct {
	long, short string
	def         int
}

// loadShape is the shape of a tool driven by connections and threads: a
// closed loop, or an open one at the rate -R gives (pgbench, wrk2).
func loadShape(args []string, params map[string]any, connections, threads countFlag) Shape {
	shape := Shape{
		"workload.parameters": params,
		"client.connections":  intFlag(args, connections),
		"client.threads":      intFlag(args, threads),
		"client.loadModel":    "closed",
	}
	if rate, ok := flagValue(args, "--rate", "-R"); ok {
		shape["client.loadModel"] = "open"
		shape["client.targetRate"] = numberOrText(rate)
	}
	return shape
}

// pathOf is a URL's path with its query's parameter names ("/search?q&page"),
// without the fragment: like a query's values, it is where tokens travel
// (#access_token=…), and the command line's redaction removes it.
func pathOf(hostAndPath string) string {
	hostAndPath, _, _ = strings.Cut(hostAndPath, "#")
	i := strings.IndexByte(hostAndPath, '/')
	if i < 0 {
		return "/"
	}
	path, query, _ := strings.Cut(hostAndPath[i:], "?")
	var names []string
	for _, pair := range strings.Split(query, "&") {
		if name, _, _ := strings.Cut(pair, "="); name != "" {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return path
	}
	return path + "?" + strings.Join(names, "&")
}

// intFlag is a count flag's value, its default when absent; a value that is
// no integer (a shell variable left unexpanded) is kept as the text given.
func intFlag(args []string, f countFlag) any {
	v, ok := flagValue(args, f.long, f.short)
	if !ok {
		return f.def
	}
	return numberOrText(v)
}

func numberOrText(v string) any {
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		return n
	}
	return v
}

func stringsAny(vs []string) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}
