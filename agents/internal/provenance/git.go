package provenance

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// aiTools are names that identify an AI assistant in a commit trailer.
var aiTools = regexp.MustCompile(`(?i)\b(claude|anthropic|copilot|chatgpt|openai|gpt-[0-9o]|codex|gemini|cursor|aider|devin|windsurf|codeium|tabnine|codewhisperer|amazon q|cody|sourcegraph|jules|llama|mistral)\b`)

// trailerRe finds the lines that count as AI-assistance evidence.
var trailerRe = regexp.MustCompile(`(?im)^\s*(co-authored-by:.*|(made|created|written|built|coded)-(with|by):.*|assisted-by:.*|.*generated with .*)$`)

// namedTrailer is a trailer that credits someone or something ("Co-authored-by: Ann", "Made-with:
// Cursor"): evidence only when it names an AI tool.
var namedTrailer = regexp.MustCompile(`(?i)^(co-authored|made|created|written|built|coded)-(with|by):`)

// agentAuthor is a commit author that is a coding agent, not a person: the agent committed the
// change itself ("Claude <noreply@anthropic.com>", "copilot-swe-agent[bot]"), with no trailer.
var agentAuthor = regexp.MustCompile(`(?i)^(claude|copilot|codex|devin|cursor|aider|gemini|chatgpt)\b|noreply@anthropic\.com|copilot-swe-agent|devin-ai-integration`)

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	return strings.TrimSpace(string(out)), nil
}

// collectGit records the harness's working tree: commit, branch, dirty flag,
// remote, and commits whose trailers show AI assistance (for the disclosure).
func collectGit(ctx context.Context, e *Env, c *capture) error {
	if _, err := exec.LookPath("git"); err != nil {
		return nil // no git, nothing to describe
	}
	commit, err := git(ctx, e.Dir, "rev-parse", "HEAD")
	if err != nil {
		// Not a repository (or no commit yet): not a failure of the agent.
		return nil
	}
	const src = "git in the working directory"
	c.set("software.vcsType", "git", src)
	c.set("software.vcsCommit", commit, src)
	if b, err := git(ctx, e.Dir, "rev-parse", "--abbrev-ref", "HEAD"); err == nil {
		c.set("software.vcsBranch", b, src)
	}
	if st, err := git(ctx, e.Dir, "status", "--porcelain", "--untracked-files=no"); err == nil {
		c.set("software.vcsDirty", st != "", src)
	}
	if r, err := git(ctx, e.Dir, "remote", "get-url", "origin"); err == nil {
		c.set("software.vcsRepository", r, src) // credentials in the URL are redacted later
	}
	log, err := git(ctx, e.Dir, "log", "-n", "500", "--format=%H%x1f%an <%ae>%x1f%B%x1e")
	if err != nil {
		return err
	}
	c.evidence = append(c.evidence, AIEvidence(log)...)
	return nil
}

// AIEvidence scans `git log --format=%H%x1f%an <%ae>%x1f%B%x1e` output for commits a coding
// agent authored ("Author: Claude <noreply@anthropic.com>") and for trailers naming an AI tool:
// Co-authored-by: or Made-with: with a known tool, any Assisted-by:, and "Generated with ..." lines.
func AIEvidence(log string) []Evidence {
	var out []Evidence
	for _, rec := range strings.Split(log, "\x1e") {
		hash, rest, ok := strings.Cut(strings.TrimSpace(rec), "\x1f")
		if !ok {
			continue
		}
		author, body, ok := strings.Cut(rest, "\x1f")
		if !ok {
			continue
		}
		if agentAuthor.MatchString(author) {
			if len(out) == maxEvidence {
				return out
			}
			out = append(out, Evidence{Commit: hash, Trailer: truncate("Author: "+author, maxTrailer), Origin: Captured})
		}
		for _, m := range trailerRe.FindAllString(body, -1) {
			line := strings.TrimSpace(m)
			lower := strings.ToLower(line)
			if namedTrailer.MatchString(line) && !aiTools.MatchString(line) {
				continue // a human co-author, a tool that is not a model
			}
			if strings.Contains(lower, "generated with") && !aiTools.MatchString(line) {
				continue
			}
			if len(out) == maxEvidence {
				return out
			}
			out = append(out, Evidence{Commit: hash, Trailer: truncate(line, maxTrailer), Origin: Captured})
		}
	}
	return out
}
