package provenance

import (
	"context"
	"strings"
)

// The environment is captured by allow-list: only variables that configure
// the benchmark, its runtime or the agent are recorded, because they shape
// the result and a reviewer wants to see them. Everything else (HOME, PATH,
// CI variables, AWS_*, DATABASE_URL, …) is left out, not redacted: it says
// nothing about the run and is where credentials live. What is recorded is
// redacted by name and structure (RedactDoc): PGPASSWORD becomes
// [REDACTED], K6_INFLUXDB_ADDR keeps its host and loses the password in its
// URL, JAVA_OPTS keeps its flags and loses -D…password=… values.
var (
	// envNames are recorded by exact name.
	envNames = setOf("GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GODEBUG", "GOAMD64", "GOARM64",
		"JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "JAVA_HOME", "JAVA_VERSION",
		"LANG", "LC_ALL", "TZ", "LD_PRELOAD", "GLIBC_TUNABLES", "NODE_OPTIONS", "UV_THREADPOOL_SIZE",
		"PYTHONHASHSEED", "RAYON_NUM_THREADS", "TOKIO_WORKER_THREADS", "MKL_NUM_THREADS")
	// envPrefixes are the tools' and runtimes' own variables (libpq's PGHOST,
	// k6's K6_VUS, OpenMP's, glibc malloc's, the agent's).
	envPrefixes = []string{"PG", "K6_", "COCKROACH_", "LEVELFIELD_", "OMP_", "MALLOC_"}
)

func envAllowed(name string) bool {
	if envNames[name] {
		return true
	}
	for _, p := range envPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// collectEnvVars records the allowed variables in client.environment: they
// configure the load generator the agent wraps.
func collectEnvVars(_ context.Context, e *Env, c *capture) error {
	out := map[string]any{}
	for _, kv := range e.Environ {
		if k, v, _ := strings.Cut(kv, "="); envAllowed(k) {
			out[k] = v
		}
	}
	if len(out) > 0 {
		c.set("client.environment", out, "environment of the agent (allow-listed variables)")
	}
	return nil
}
