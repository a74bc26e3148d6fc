package driver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"k8s.io/client-go/rest"

	"github.com/statuslint/statuslint/bench/conflict/apimetrics"
)

// OperatorProcess is an operator run as a process of its own against the
// control plane: the binary of a real operator, or a driver binary in its
// operator mode (for a hand-over between two processes). It talks to the
// API server through a CountingProxy of its own, and serves its metrics on
// loopback, where its reconciles and whether it leads are read.
type OperatorProcess struct {
	Name    string
	Proxy   *CountingProxy
	cmd     *exec.Cmd
	metrics string
	logPath string
	done    chan struct{}
}

// StartOperatorProcess starts binary with the flags every
// controller-runtime scaffold has (--metrics-bind-address,
// --health-probe-bind-address, --leader-elect,
// --leader-election-namespace) and then args, KUBECONFIG pointing at a
// proxy of its own, its output in work/name.log; it returns once its
// metrics endpoint answers.
func StartOperatorProcess(ctx context.Context, cfg *rest.Config, binary string, args []string, work, name string, leaderElect bool, namespace string) (*OperatorProcess, error) {
	proxy, err := StartCountingProxy(cfg)
	if err != nil {
		return nil, err
	}
	kubeconfig, err := proxy.WriteKubeconfig(work, name)
	if err != nil {
		return nil, err
	}
	metrics, err := freePort()
	if err != nil {
		return nil, err
	}
	args = append([]string{
		"--metrics-bind-address=" + metrics,
		"--health-probe-bind-address=0",
		fmt.Sprintf("--leader-elect=%t", leaderElect),
		"--leader-election-namespace=" + namespace,
	}, args...)
	p := &OperatorProcess{Name: name, Proxy: proxy, metrics: metrics, logPath: filepath.Join(work, name+".log"), done: make(chan struct{})}
	logFile, err := os.Create(p.logPath)
	if err != nil {
		return nil, err
	}
	p.cmd = exec.Command(binary, args...)
	p.cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig)
	p.cmd.Stdout, p.cmd.Stderr = logFile, logFile
	if err := p.cmd.Start(); err != nil {
		_ = logFile.Close()
		return nil, fmt.Errorf("starting %s: %w", name, err)
	}
	go func() {
		_ = p.cmd.Wait()
		_ = logFile.Close()
		close(p.done)
	}()
	// Its metrics endpoint answering means its manager started.
	if err := WaitFor(ctx, 2*time.Minute, func() (bool, error) {
		if p.Exited() {
			return false, fmt.Errorf("%s exited: %s", name, p.LogTail())
		}
		_, err := p.scrape(ctx)
		return err == nil, nil
	}); err != nil {
		p.Stop()
		return nil, fmt.Errorf("starting %s: %w", name, err)
	}
	return p, nil
}

// Exited reports whether the process has ended.
func (p *OperatorProcess) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Stop stops the process (SIGTERM, then SIGKILL after 30 s) and its proxy.
func (p *OperatorProcess) Stop() {
	if !p.Exited() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(30 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	p.Proxy.Stop(ctx)
}

// Kill kills the process at once (SIGKILL), as a node failure would.
func (p *OperatorProcess) Kill() {
	_ = p.cmd.Process.Kill()
	<-p.done
}

func (p *OperatorProcess) scrape(ctx context.Context) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+p.metrics+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s metrics: %s", p.Name, resp.Status)
	}
	return io.ReadAll(resp.Body)
}

// Reconciles reads controller_runtime_reconcile_total from its metrics.
func (p *OperatorProcess) Reconciles(ctx context.Context) (Reconciles, error) {
	r := Reconciles{ByController: map[string]int64{}, ErrorsByController: map[string]int64{}}
	raw, err := p.scrape(ctx)
	if err != nil {
		return r, err
	}
	samples, err := apimetrics.ParseFamily(raw, "controller_runtime_reconcile_total")
	if err != nil {
		return r, err
	}
	for _, s := range samples {
		c := s.Labels["controller"]
		r.Total += s.Value
		r.ByController[c] += s.Value
		if s.Labels["result"] == "error" {
			r.Errors += s.Value
			r.ErrorsByController[c] += s.Value
		}
	}
	return r, nil
}

// Leads reports whether the process holds its lease
// (leader_election_master_status).
func (p *OperatorProcess) Leads(ctx context.Context) bool {
	raw, err := p.scrape(ctx)
	if err != nil {
		return false
	}
	samples, _ := apimetrics.ParseFamily(raw, "leader_election_master_status")
	for _, s := range samples {
		if s.Value == 1 {
			return true
		}
	}
	return false
}

// LogPath is the file holding its output.
func (p *OperatorProcess) LogPath() string { return p.logPath }

// LogTail is the end of its output, for an error message.
func (p *OperatorProcess) LogTail() string {
	data, _ := os.ReadFile(p.logPath)
	if len(data) > 3000 {
		data = data[len(data)-3000:]
	}
	return string(data)
}

// HandOver kills the process of procs that leads and waits for another to
// lead; it returns how long that took.
func HandOver(ctx context.Context, procs []*OperatorProcess, timeout time.Duration) (time.Duration, error) {
	var leader *OperatorProcess
	var others []*OperatorProcess
	for _, p := range procs {
		if leader == nil && p.Leads(ctx) {
			leader = p
		} else if !p.Exited() {
			others = append(others, p)
		}
	}
	if leader == nil || len(others) == 0 {
		return 0, fmt.Errorf("no leader and standby among %d processes", len(procs))
	}
	t := time.Now()
	leader.Kill()
	err := WaitFor(ctx, timeout, func() (bool, error) {
		for _, p := range others {
			if p.Leads(ctx) {
				return true, nil
			}
		}
		return false, nil
	})
	return time.Since(t), err
}

// CountingProxy stands between one operator process and the API server:
// the operator's kubeconfig points at it, on loopback without TLS, and it
// forwards every request with the admin's credentials, counting each on
// the way as RequestCounter counts an operator run in process. An
// operator's own binary is run unchanged, so this is where its side of the
// conversation (409s by reason, writes by verb) is seen.
type CountingProxy struct {
	Counter *RequestCounter
	server  *http.Server
	url     string
}

// StartCountingProxy starts a proxy to the API server of cfg.
func StartCountingProxy(cfg *rest.Config) (*CountingProxy, error) {
	target, err := url.Parse(cfg.Host)
	if err != nil {
		return nil, err
	}
	transport, err := rest.TransportFor(cfg)
	if err != nil {
		return nil, err
	}
	p := &CountingProxy{Counter: NewRequestCounter()}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.Transport = p.Counter.Wrap(transport)
	rp.FlushInterval = -1 // watches stream
	// A watch cut off when the run ends is not worth a line.
	rp.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p.url = "http://" + ln.Addr().String()
	p.server = &http.Server{Handler: rp}
	go func() {
		if err := p.server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "counting proxy:", err)
		}
	}()
	return p, nil
}

// Stop stops the proxy.
func (p *CountingProxy) Stop(ctx context.Context) { _ = p.server.Shutdown(ctx) }

// WriteKubeconfig writes, in dir, a kubeconfig that points at the proxy,
// and returns its path.
func (p *CountingProxy) WriteKubeconfig(dir, name string) (string, error) {
	path := filepath.Join(dir, name+".kubeconfig")
	data := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: bench
  cluster:
    server: %s
contexts:
- name: bench
  context:
    cluster: bench
    user: operator
current-context: bench
users:
- name: operator
  user: {}
`, p.url)
	return path, os.WriteFile(path, []byte(data), 0o600)
}

// freePort returns a loopback address nothing listens on, for an
// operator's metrics endpoint.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}
