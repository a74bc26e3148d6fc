// Command lsp times gopls the way an editor drives it: it starts a gopls
// binary on a module, speaks the Language Server Protocol over its stdin
// and stdout (JSON-RPC with Content-Length headers), opens one file and
// waits for that file's analysis diagnostics, then edits the file several
// times and waits for the analysis diagnostics of each new version.
//
//	lsp -gopls BIN -dir MODULE -file RELPATH [-edits N]
//
// It prints one line of fields, for bench/editor.sh to collect:
//
//	open=SECONDS edit=SECONDS,SECONDS,... diags=N statuslint=M rss=KB cpu=SECONDS settle=SECONDS
//
// open is the time from didOpen to the file's analysis diagnostics for
// version 1, edit each didChange's time to those of its version, diags
// the number of diagnostics last published for the file and statuslint
// how many of them came from statuslint's passes, rss gopls's peak
// resident set (VmHWM) and cpu its user and system CPU time (its own,
// not its children's: the go command it runs), both read before it is
// shut down, and settle the time from the last edit's diagnostics until
// gopls went idle (-settle: the rest of the workspace analysed, so that a
// warm session finds a complete file cache; 0 with -settle=false).
//
// gopls publishes a file's diagnostics in two steps for one version: the
// parse and type errors first, then again with the analyzers' findings.
// A stock gopls has no finding in a clean controller file, so the two
// look alike. The file is therefore opened with a probe appended (in the
// editor's buffer only; the file on disk is not touched): a function
// with a self-assignment, which gopls's assign analyzer reports. The
// diagnostics of a version count as arrived when a publication for that
// version holds the probe's finding: the analyzers, statuslint's among
// them, have run on the package.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	var (
		gopls   = flag.String("gopls", "gopls", "gopls binary")
		dir     = flag.String("dir", ".", "module directory (the workspace folder)")
		file    = flag.String("file", "", "file to open and edit, relative to -dir (required)")
		edits   = flag.Int("edits", 3, "edits to time after the first diagnostics")
		settle  = flag.Bool("settle", true, "after the edits, wait until gopls is idle (the rest of the workspace analysed) before reading its RSS and CPU and shutting it down")
		timeout = flag.Duration("timeout", 15*time.Minute, "give up after this long")
		verbose = flag.Bool("v", false, "log the session's messages to stderr")
	)
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("lsp: ")
	if *file == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	root, err := filepath.Abs(*dir)
	if err != nil {
		log.Fatal(err)
	}
	res, err := session(*gopls, root, filepath.Join(root, *file), *edits, *settle, *timeout, *verbose)
	if err != nil {
		log.Fatal(err)
	}
	var es []string
	for _, d := range res.edits {
		es = append(es, fmt.Sprintf("%.3f", d.Seconds()))
	}
	fmt.Printf("open=%.3f edit=%s diags=%d statuslint=%d rss=%d cpu=%.2f settle=%.3f\n", res.open.Seconds(), strings.Join(es, ","), res.diags, res.statuslint, res.rss, res.cpu, res.settle.Seconds())
}

type result struct {
	open       time.Duration
	edits      []time.Duration
	diags      int
	statuslint int
	rss        int64   // KB
	cpu        float64 // seconds
	settle     time.Duration
}

// probe is appended to the opened file; probeSource is the analyzer that
// reports it.
const (
	probe       = "\nfunc statuslintEditorBenchProbe() {\n\tx := 0\n\tx = x\n\t_ = x\n}\n"
	probeSource = "assign"
)

// statuslintSources are the sources of statuslint's diagnostics.
var statuslintSources = map[string]bool{
	"statusupdate": true, "fieldmanager": true, "conditions": true, "statuswrites": true, "objectupdate": true, "watches": true,
}

// A conn is one JSON-RPC connection to the server.
type conn struct {
	w       io.Writer
	wmu     sync.Mutex
	nextID  int
	mu      sync.Mutex
	replies map[int]chan json.RawMessage
	uri     string // the file whose diagnostics are passed on to diags
	diags   chan published
	verbose bool
}

type published struct {
	version    int
	n          int
	probe      bool // the probe's finding is among the diagnostics
	statuslint int
	at         time.Time
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (c *conn) send(m any) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.verbose {
		log.Printf("→ %s", truncate(data))
	}
	_, err = fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(data), data)
	return err
}

// call sends a request and waits for its reply.
func (c *conn) call(method string, params any) (json.RawMessage, error) {
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan json.RawMessage, 1)
	c.replies[id] = ch
	c.mu.Unlock()
	if err := c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	return <-ch, nil
}

func (c *conn) notify(method string, params any) error {
	return c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// read dispatches the server's messages: replies to our calls, answers
// to the server's requests (configuration, progress, registrations: all
// answered with defaults), and published diagnostics.
func (c *conn) read(r *bufio.Reader) error {
	for {
		var length int
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return err
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
				length, err = strconv.Atoi(strings.TrimSpace(v))
				if err != nil {
					return err
				}
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return err
		}
		at := time.Now()
		if c.verbose {
			log.Printf("← %s", truncate(body))
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			return err
		}
		switch {
		case m.Method == "" && m.ID != nil: // a reply
			id, _ := strconv.Atoi(string(m.ID))
			c.mu.Lock()
			ch := c.replies[id]
			delete(c.replies, id)
			c.mu.Unlock()
			if ch != nil {
				if m.Error != nil {
					log.Printf("error reply to request %d: %s", id, m.Error)
				}
				ch <- m.Result
			}
		case m.ID != nil: // a request from the server
			var result any
			if m.Method == "workspace/configuration" {
				var p struct{ Items []json.RawMessage }
				_ = json.Unmarshal(m.Params, &p)
				items := make([]any, len(p.Items))
				for i := range items {
					items[i] = map[string]any{}
				}
				result = items
			}
			if err := c.send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result}); err != nil {
				return err
			}
		case m.Method == "textDocument/publishDiagnostics":
			var p struct {
				URI         string `json:"uri"`
				Version     *int   `json:"version"`
				Diagnostics []struct {
					Source string `json:"source"`
				} `json:"diagnostics"`
			}
			if err := json.Unmarshal(m.Params, &p); err != nil {
				return err
			}
			if p.URI != c.uri {
				continue
			}
			v := -1
			if p.Version != nil {
				v = *p.Version
			}
			pub := published{version: v, n: len(p.Diagnostics), at: at}
			for _, d := range p.Diagnostics {
				pub.probe = pub.probe || d.Source == probeSource
				if statuslintSources[d.Source] {
					pub.statuslint++
				}
			}
			c.diags <- pub
		}
	}
}

func truncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

func uri(path string) string { return "file://" + filepath.ToSlash(path) }

func session(gopls, root, file string, edits int, settle bool, timeout time.Duration, verbose bool) (*result, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	text = append(text, probe...)
	cmd := exec.Command(gopls)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer cmd.Process.Kill()

	u := uri(file)
	c := &conn{w: stdin, replies: make(map[int]chan json.RawMessage), uri: u, diags: make(chan published, 1024), verbose: verbose}
	readErr := make(chan error, 1)
	go func() { readErr <- c.read(bufio.NewReaderSize(stdout, 1<<20)) }()
	deadline := time.After(timeout)

	if _, err := c.call("initialize", map[string]any{
		"processId": os.Getpid(),
		"rootUri":   uri(root),
		"workspaceFolders": []any{
			map[string]any{"uri": uri(root), "name": filepath.Base(root)},
		},
		"capabilities": map[string]any{
			"workspace": map[string]any{"configuration": true, "workspaceFolders": true},
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"versionSupport": true},
			},
			"window": map[string]any{"workDoneProgress": true},
		},
	}); err != nil {
		return nil, err
	}
	if err := c.notify("initialized", map[string]any{}); err != nil {
		return nil, err
	}

	// wait returns the first publication of the file's diagnostics for
	// version v that holds the probe's finding.
	wait := func(v int) (published, error) {
		for {
			select {
			case p := <-c.diags:
				if p.version == v && p.probe {
					return p, nil
				}
			case err := <-readErr:
				return published{}, fmt.Errorf("reading from gopls: %v", err)
			case <-deadline:
				return published{}, fmt.Errorf("timed out waiting for the diagnostics of version %d", v)
			}
		}
	}

	res := new(result)
	t0 := time.Now()
	if err := c.notify("textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": u, "languageId": "go", "version": 1, "text": string(text)},
	}); err != nil {
		return nil, err
	}
	p, err := wait(1)
	if err != nil {
		return nil, err
	}
	res.open, res.diags, res.statuslint = p.at.Sub(t0), p.n, p.statuslint

	for i := range edits {
		v := i + 2
		// A new comment line at the end: new content, so nothing cached
		// for an earlier version applies, and the same findings.
		edited := append(bytes.Clone(text), fmt.Sprintf("\n// edit %d\n", v)...)
		t0 := time.Now()
		if err := c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": u, "version": v},
			"contentChanges": []any{map[string]any{"text": string(edited)}},
		}); err != nil {
			return nil, err
		}
		p, err := wait(v)
		if err != nil {
			return nil, err
		}
		res.edits = append(res.edits, p.at.Sub(t0))
		res.diags, res.statuslint = p.n, p.statuslint
	}

	if settle {
		// gopls goes on analysing the rest of the workspace after the
		// opened file is diagnosed, filling the file cache that a warm
		// session then reads. Shutting down at once would leave that
		// amount to chance; wait until gopls is idle instead.
		t0 := time.Now()
		if err := waitIdle(cmd.Process.Pid, deadline); err != nil {
			return nil, err
		}
		res.settle = time.Since(t0)
	}
	res.rss = peakRSS(cmd.Process.Pid)
	res.cpu = cpuTime(cmd.Process.Pid)
	if _, err := c.call("shutdown", nil); err != nil {
		return nil, err
	}
	_ = c.notify("exit", nil)
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
	return res, nil
}

// Idleness, for waitIdle: gopls counts as idle once its CPU time grows by
// less than idleCPU over idleWindow (its background work for a module
// ends; an idle gopls uses next to nothing).
const (
	idleWindow = 3 * time.Second
	idleCPU    = 0.05 // seconds
	idlePoll   = 500 * time.Millisecond
)

// waitIdle waits until the process's CPU time has grown by less than
// idleCPU over the last idleWindow, or deadline fires.
func waitIdle(pid int, deadline <-chan time.Time) error {
	type sample struct {
		at  time.Time
		cpu float64
	}
	var samples []sample
	tick := time.NewTicker(idlePoll)
	defer tick.Stop()
	for {
		now, cpu := time.Now(), cpuTime(pid)
		if cpu < 0 {
			return fmt.Errorf("cannot read gopls's CPU time")
		}
		samples = append(samples, sample{now, cpu})
		for len(samples) > 1 && now.Sub(samples[1].at) >= idleWindow {
			samples = samples[1:] // keep the oldest sample at least idleWindow old
		}
		if old := samples[0]; now.Sub(old.at) >= idleWindow && cpu-old.cpu < idleCPU {
			return nil
		}
		select {
		case <-tick.C:
		case <-deadline:
			return fmt.Errorf("timed out waiting for gopls to go idle")
		}
	}
}

// peakRSS returns a process's peak resident set in KB (VmHWM), or -1.
func peakRSS(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err == nil {
				return kb
			}
		}
	}
	return -1
}

// cpuTime returns a process's user and system CPU time in seconds, or -1.
func cpuTime(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The command name, in parentheses, may hold spaces: count fields
	// from the closing one. utime and stime are fields 14 and 15.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return -1
	}
	u, err1 := strconv.ParseFloat(f[11], 64)
	st, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return (u + st) / 100 // USER_HZ, 100 on Linux
}
