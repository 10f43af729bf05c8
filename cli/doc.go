// Package cli is the jacobian command line as a library. A binary is a thin
// main that names its domains once and hands them to Main:
//
//	func main() {
//		os.Exit(cli.Main(cli.Config{Name: "jacobian", Domains: []core.Registrar{
//			integer.Register, matrix.Register,
//		}}))
//	}
//
// Main builds the registry from exactly those Register functions, one
// runtime over it, and the kong command line; every command is a struct in
// its own file (catalog_cmd.go, find_cmd.go, ...) whose Run method receives
// the dependencies bound once in Main. Main returns the exit code and never
// ends the process: kong's Exit hook is replaced, so help and parse errors
// return from Main as well, which is what lets tests call it in-process.
// MainContext does the same under a caller's context, for programs that
// embed the command line and need to stop it.
//
// # Commands
//
//	jacobian catalog [--json]
//	jacobian find <query...> [--limit N] [--input-kind K]... [--artifact-type T]... [--json]
//	jacobian inspect <id>
//	jacobian run <id> (--json '<payload>' | --file <path|->) [--timeout D] [--input PORT=URI]... [--publish] [--compact]
//	jacobian serve [--http HOST:PORT] [--slots N] [--timeout D] [--artifact-dir DIR | --no-artifacts]
//	jacobian conformance [--seed N] [--generated N] [--failures] [--json]
//	jacobian artifacts (list | get <uri> | verify | gc) [--artifact-dir DIR]
//	jacobian version [--json]
//
// catalog prints a table (ID, kind, title, provider module@version) or, with
// --json, the inventory the MCP resource capability://catalog serves. find
// prints a readable ranked list (rank, ID, kind, relevance, title, summary,
// declared kinds and artifact types, and INCOMPATIBLE with its reasons when
// --input-kind or --artifact-type rule an operation out); --json prints the
// search result. find --json and inspect print what math.find carries as its
// outcome's "value"; run prints math.run's outcome itself. inspect and run
// always print JSON.
// Mathematical operations have no commands of their own: they are all
// reached through run.
//
// The durable artifact store (default: jacobian/artifacts under the user
// cache directory; --artifact-dir or $JACOBIAN_ARTIFACT_DIR to move it) is
// shared by serve, which publishes results above 64 KiB there as over MCP,
// by run --publish, which does the same, by run --input, which binds a
// declared input port to a stored artifact, and by the artifacts commands
// that maintain it. Without --publish, run prints every value in full.
//
// # Output
//
// run prints the outcome union, byte for byte the JSON math.run returns,
// on standard output:
//
//	{"outcome": "completed", "capability_id": "...", "value": {...}, "execution": {...}}
//	{"outcome": "non_conclusion", "capability_id": "...", "reason": "TIMEOUT", "detail": "..."}
//	{"outcome": "failed", "capability_id": "...", "code": "INVALID_PAYLOAD", "message": "...", "path": "..."}
//
// JSON is indented whether or not standard output is a terminal, so the
// output is the same in a pipe as on screen; --compact prints one line per
// document, for line-oriented tools. Messages that are not outcomes (usage
// errors, an unknown ID given to inspect) go to standard error as
// "jacobian: error: ...".
//
// The payload is passed to the runtime as the exact bytes given, so
// malformed JSON is not a usage error but a failed INVALID_PAYLOAD outcome
// whose message names the line and column, exactly as over MCP. A payload
// file that cannot be opened is a usage error.
//
// When standard error is a terminal and a run lasts more than half a
// second, a progress line (elapsed time, and a bar when the operation
// reports its progress) is redrawn there at most ten times a second and
// erased before the outcome is printed. Nothing is drawn when standard error
// is redirected.
//
// # Exit codes
//
//	0    completed
//	1    failed outcome; unknown ID for inspect; conformance failure; serve could not start;
//	     a missing or corrupted artifact
//	2    non_conclusion (TIMEOUT, RESOURCE_REFUSED, PROVIDER_UNAVAILABLE, ...)
//	64   usage error: bad flags or arguments, --json with --file, an unreadable payload file
//	70   internal error: INTERNAL_ERROR or POSTCONDITION_FAILED outcome, domains that fail to register
//	130  interrupted: SIGINT or SIGTERM cancelled the run (the outcome printed says CANCELLED)
//
// Reading a checker's answer: a checker that reaches a verdict has
// completed, so it exits 0 whatever the verdict; the verdict is the
// outcome's "verdict" field (accepted, rejected or non_conclusion), repeated
// in the value with its witnesses or certificate. A non_conclusion verdict
// (the checker ran to the end and could not decide) differs from a
// non_conclusion outcome (the run was cut short: exit 2 or 130). Likewise a
// completed value may say UNKNOWN or INCOMPLETE inside it; the exit code
// reports how the run ended, not what the mathematics concluded.
package cli
