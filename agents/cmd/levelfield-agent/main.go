// Command levelfield-agent wraps a benchmark, streams interval histograms
// with provenance to Levelfield, and loses nothing while the server is away.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/levelfield/levelfield/agents/internal/adapters"
	"github.com/levelfield/levelfield/agents/internal/agent"
	"github.com/levelfield/levelfield/agents/internal/check"
	"github.com/levelfield/levelfield/agents/internal/provenance"
	"github.com/levelfield/levelfield/agents/internal/sink"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `levelfield-agent wraps a benchmark and streams its results to Levelfield.

Usage:
  levelfield-agent run [flags] -- COMMAND ARGS...   run a benchmark and stream it as a run
  levelfield-agent import [flags] FILE...            upload a finished tool output as a run
  levelfield-agent upload --server URL[,URL...] SPOOLDIR
                                                     send what a run left in its spool, and the
                                                     frames the ingest API refused (SPOOLDIR or a
                                                     file of SPOOLDIR/quarantine)
  levelfield-agent env [--no-cloud] [--provenance FILE]
                                                     print the provenance and disclosure a run would send
  levelfield-agent check --web URL [--baseline BRANCH] RUN
                                                     print the CI verdict on a finished run (RUN: its id or
                                                     page URL) as Markdown; exit 1 on a regression
  levelfield-agent version

--server (or LEVELFIELD_SERVER) takes one ingest API base URL or several
instances of one installation, comma-separated: requests go to the first;
when it fails (refused, reset, timed out, 5xx) the agent says so, moves to
the next and resends from its spool what was not acknowledged.

The project API token comes from the environment (LEVELFIELD_TOKEN) or a
file (--token-file PATH); --token is refused, since the process list shows
every argument to every user of the machine.

Adapters: ` + "%s" + `
Run 'levelfield-agent run -h' for the flags.
`

// kvFlag collects repeatable K=V flags.
type kvFlag map[string]string

func (k kvFlag) String() string { return fmt.Sprint(map[string]string(k)) }
func (k kvFlag) Set(s string) error {
	key, v, ok := strings.Cut(s, "=")
	if !ok || key == "" {
		return fmt.Errorf("want K=V, got %q", s)
	}
	k[key] = v
	return nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// tokenFlags are --token-file and the refused --token.
type tokenFlags struct{ file, arg string }

func (t *tokenFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&t.file, "token-file", "", "file holding the project API token (default: env "+agent.TokenEnv+")")
	fs.StringVar(&t.arg, "token", "", "refused: use env "+agent.TokenEnv+" or --token-file")
}

// read returns the token, refusing one given on the command line.
func (t *tokenFlags) read(fs *flag.FlagSet) (agent.Token, error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "token" })
	if given {
		return agent.Token{}, agent.ErrTokenOnCommandLine
	}
	return agent.ReadToken(t.file, os.Getenv, os.Stderr)
}

func commonFlags(fs *flag.FlagSet, cfg *agent.Config, tok *tokenFlags) {
	fs.StringVar(&cfg.Server, "server", envOr("LEVELFIELD_SERVER", ""), "ingest API base URL, or several instances' comma-separated (A,B): the first is used, the next when it fails (env LEVELFIELD_SERVER)")
	tok.register(fs)
	fs.StringVar(&cfg.Project, "project", envOr("LEVELFIELD_PROJECT", ""), "project slug (env LEVELFIELD_PROJECT)")
	fs.StringVar(&cfg.System, "system", "", "system under test, NAME or NAME@VERSION (e.g. postgresql@15.18)")
	cfg.Labels = kvFlag{}
	fs.Var(kvFlag(cfg.Labels), "label", "run label K=V (repeatable)")
	fs.StringVar(&cfg.Adapter, "adapter", "auto", "adapter: "+strings.Join(adapters.Names(), ", ")+" or auto")
	cfg.AdapterOpts = kvFlag{}
	fs.Var(kvFlag(cfg.AdapterOpts), "adapter-opt", "adapter option K=V (repeatable): file=, unit=, addr=, rate=, tags=, format=")
	fs.DurationVar(&cfg.Interval, "interval", time.Second, "interval length of each histogram frame")
	fs.DurationVar(&cfg.Warmup, "warmup", 0, "mark intervals starting within this time as warm-up")
	fs.StringVar(&cfg.ProvenanceFile, "provenance", "", "declared provenance and disclosure, YAML or JSON file")
	fs.StringVar(&cfg.Name, "name", "", "run name (default: made up by the server from benchmark and system)")
	fs.StringVar(&cfg.SpoolDir, "spool", "", "spool directory for undelivered batches (default: user cache dir)")
	fs.Int64Var(&cfg.SpoolMaxBytes, "spool-max-bytes", 1<<30, "bound of one run's spool")
	fs.DurationVar(&cfg.DrainTimeout, "drain-timeout", 30*time.Second, "how long to wait at exit for the spool to drain")
	fs.BoolVar(&cfg.NoCloud, "no-cloud", false, "do not query cloud metadata services")
	fs.Func("max-series-per-metric", fmt.Sprintf("tag sets of one metric with a series of their own; samples of further ones go to one series {tags=__other__}, and every sample to the metric's series without tags (default %d)", agent.DefaultMaxSeriesPerMetric), func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("want a whole number of at least 1, got %q", v)
		}
		cfg.MaxSeriesPerMetric = n
		return nil
	})
	fs.BoolVar(&cfg.AllowDataLoss, "allow-data-loss", false, fmt.Sprintf("exit with the benchmark's status even when the ingest API refused frames or frames were lost (else %d)", agent.ExitDataLoss))
}

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	// The agent's own footprint is a product property (agents/bench): a CPU
	// profile of a real run is the way to see where it goes.
	if path := os.Getenv("LEVELFIELD_AGENT_CPUPROFILE"); path != "" {
		// At 1 % of a core the default 100 Hz takes one sample a second;
		// LEVELFIELD_AGENT_CPUPROFILE_HZ=1000 takes more (set before the
		// profile starts, so the runtime warns once on stderr that it keeps it).
		if hz, err := strconv.Atoi(os.Getenv("LEVELFIELD_AGENT_CPUPROFILE_HZ")); err == nil && hz > 0 {
			runtime.SetCPUProfileRate(hz)
		}
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			code := run(os.Args[1:])
			pprof.StopCPUProfile()
			f.Close()
			os.Exit(code)
		}
	}
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(os.Stderr, usage, strings.Join(adapters.Names(), ", "))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	cfg := agent.Config{Stdout: os.Stdout, Stderr: os.Stderr, AgentVersion: version}
	var tok tokenFlags
	// parse reads the flags and the token of run and import.
	parse := func(fs *flag.FlagSet) bool {
		commonFlags(fs, &cfg, &tok)
		if err := fs.Parse(args[1:]); err != nil {
			return false
		}
		t, err := tok.read(fs)
		if err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return false
		}
		cfg.Token, cfg.TokenFrom = t.Value, t.From
		return true
	}
	switch args[0] {
	case "run":
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		if !parse(fs) {
			return 2
		}
		if fs.NArg() == 0 {
			fmt.Fprintln(os.Stderr, "levelfield-agent run: give the command after --")
			return 2
		}
		// The wrapped benchmark gets signals through the runner; the agent
		// itself must not die on the first Ctrl-C and lose the last frames.
		stop()
		// One processor for the agent's goroutines unless GOMAXPROCS says
		// otherwise: its work is a listener or a few tailers, far below a
		// core, and with a second processor idle the runtime wakes another
		// thread to look for work whenever a goroutine becomes runnable.
		// Measured with `npm run bench:agent`, ~0.1 % of a core less at
		// 100,000 samples/s, and the agent can never take more than one
		// core from the benchmark. The benchmark's own environment is not
		// changed.
		if os.Getenv("GOMAXPROCS") == "" {
			runtime.GOMAXPROCS(1)
		}
		// Half the default garbage allowance unless GOGC says otherwise.
		// The live heap is ~9 MB, 4 MB of it the StatsD receive buffers that
		// are mostly never touched; at the default (100) a run's RSS crept
		// up to 22-23 MB over a couple of minutes as garbage filled the
		// heap to its 18 MB goal, near the 25 MB budget. The collections
		// this adds (one every ~30 s at the footprint benchmark's load,
		// about a millisecond each) cost nothing measurable.
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(50)
		}
		code, err := agent.Run(context.Background(), cfg, fs.Args())
		if err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
		}
		return code
	case "import":
		fs := flag.NewFlagSet("import", flag.ContinueOnError)
		if !parse(fs) {
			return 2
		}
		url, err := agent.Import(ctx, cfg, fs.Args())
		if errors.Is(err, agent.ErrDataLoss) {
			fmt.Println(url)
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return agent.ExitDataLoss
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return 1
		}
		fmt.Println(url)
		return 0
	case "upload":
		fs := flag.NewFlagSet("upload", flag.ContinueOnError)
		server := fs.String("server", os.Getenv("LEVELFIELD_SERVER"), "ingest API base URL to send to, or several comma-separated (A,B), moving to the next when one fails (env LEVELFIELD_SERVER); required, the spool's own is never used alone")
		spoolServer := fs.String("spool-server", "", "the server the spool was recorded for, to send it to a different --server (the same API at a new address)")
		tok.register(fs)
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		t, err := tok.read(fs)
		if err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return 2
		}
		if fs.NArg() != 1 {
			fmt.Fprintf(os.Stderr, "usage: %s=... levelfield-agent upload --server URL[,URL...] [--token-file PATH] [--spool-server URL] SPOOLDIR|QUARANTINE.jsonl\n", agent.TokenEnv)
			return 2
		}
		if t.Value == "" {
			fmt.Fprintf(os.Stderr, "levelfield-agent: missing a project API token: set %s or pass --token-file PATH\n", agent.TokenEnv)
			return 2
		}
		if *server != "" {
			fmt.Fprintf(os.Stderr, "levelfield-agent: uploading to %s, token from %s\n", provenance.RedactString(*server), t.From)
		}
		up, err := sink.Upload(ctx, fs.Arg(0), *server, *spoolServer, t.Value)
		for _, u := range up.URLs {
			fmt.Println(u)
		}
		if up.Resent > 0 {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %d quarantined frames were taken by the ingest API\n", up.Resent)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return 1
		}
		if up.Kept > 0 {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %d frames are still refused by the ingest API and stay in %s (%s)\n",
				up.Kept, strings.Join(up.Quarantine, ", "), up.Reason)
			return agent.ExitDataLoss
		}
		return 0
	case "env":
		fs := flag.NewFlagSet("env", flag.ContinueOnError)
		noCloud := fs.Bool("no-cloud", false, "do not query cloud metadata services")
		declared := fs.String("provenance", "", "declared provenance and disclosure, YAML or JSON file, merged as `run` does")
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		desc, err := agent.Env(ctx, provenance.Env{NoCloud: *noCloud}, *declared)
		if err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return 1
		}
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(desc); err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
			return 1
		}
		return 0
	case "check":
		return runCheck(ctx, args[1:])
	case "version", "--version", "-v":
		fmt.Println("levelfield-agent", version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprintf(os.Stdout, usage, strings.Join(adapters.Names(), ", "))
		return 0
	}
	fmt.Fprintf(os.Stderr, "levelfield-agent: unknown subcommand %q\n", args[0])
	fmt.Fprintf(os.Stderr, usage, strings.Join(adapters.Names(), ", "))
	return 2
}

// runCheck is `levelfield-agent check`: the verdict on a finished run against
// its history (docs/history.md), as Markdown on stdout (and in --markdown FILE
// for a pull request comment). Exit status: check.ExitPass, ExitRegression,
// ExitUsage or ExitUnavailable.
func runCheck(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	web := fs.String("web", os.Getenv("LEVELFIELD_WEB_URL"), "the web app's base URL, e.g. https://levelfield.example.com (env LEVELFIELD_WEB_URL)")
	baseline := fs.String("baseline", "", "the branch whose history is the baseline (default: the run's own)")
	series := fs.String("series", "", "the latency series to judge (default: the history's)")
	markdown := fs.String("markdown", "", "also write the Markdown summary to this file")
	asJSON := fs.Bool("json", false, "print the server's verdict as JSON instead of Markdown")
	wait := fs.Duration("wait", time.Minute, "how long to ask again while the run is still running or not yet summarised")
	var tok tokenFlags
	tok.register(fs)
	if err := fs.Parse(args); err != nil {
		return check.ExitUsage
	}
	if fs.NArg() != 1 || *web == "" {
		fmt.Fprintln(os.Stderr, "usage: levelfield-agent check --web URL [--baseline BRANCH] [--series NAME] [--markdown FILE] [--json] [--wait 1m] RUN")
		return check.ExitUsage
	}
	t, err := tok.read(fs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "levelfield-agent: %v\n", err)
		return check.ExitUsage
	}
	v, err := check.FetchWaiting(ctx, check.DefaultClient, check.Request{
		Web: *web, Token: t.Value, Run: fs.Arg(0), Baseline: *baseline, Series: *series,
	}, *wait, 2*time.Second)
	if err != nil {
		fmt.Fprintf(os.Stderr, "levelfield-agent check: %v\n", err)
		return check.ExitUnavailable
	}
	md := check.Markdown(v)
	if *markdown != "" {
		if err := os.WriteFile(*markdown, []byte(md), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "levelfield-agent check: %v\n", err)
			return check.ExitUnavailable
		}
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(v)
	} else {
		fmt.Print(md)
	}
	return v.ExitCode()
}
