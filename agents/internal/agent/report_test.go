package agent

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/levelfield/levelfield/agents/internal/sink"
)

// A spool kept after the API refused the token is sent later only with a usable token: the
// advice says so; after a network failure it does not.
func TestPendingAdviceNamesATokenOnlyWhenTheTokenWasRefused(t *testing.T) {
	res := sink.Result{Pending: 2, SpoolDir: "/tmp/spool"}
	var refused, offline bytes.Buffer
	report(&refused, "http://api", res, &sink.APIError{Status: 401, Code: "TOKEN_INVALID"})
	report(&offline, "http://api", res, errors.New("dial tcp: connection refused"))
	if !strings.Contains(refused.String(), "LEVELFIELD_TOKEN=<a token of the project with the ingest scope> levelfield-agent upload") {
		t.Errorf("after a refused token: %s", refused.String())
	}
	if strings.Contains(offline.String(), "LEVELFIELD_TOKEN") {
		t.Errorf("after a network failure: %s", offline.String())
	}
}
