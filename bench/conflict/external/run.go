package external

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// Namespace is where every object of a run lives, and the leader election
// lease.
const Namespace = "sandboxes"

// Load is the size and shape of one run.
type Load struct {
	WarmPool int           // the warm pool's replicas, Ready before the first claim
	Bursts   int           // bursts of claims
	PerBurst int           // claims per burst
	QPS      float64       // the rate claims are created at within a burst
	Pause    time.Duration // after every claim of a burst is Ready, before the next burst
	Timeout  time.Duration // the longest wait for the warm pool, and for each burst, to be Ready
	Pace     KubeletPace

	// Handover runs two operator processes under leader election and
	// kills the leader (SIGKILL) when half of burst HandoverBurst (from
	// 1) is created; the other takes over with its own cache.
	Handover      bool
	HandoverBurst int
}

// PR is the size of agent-sandbox PR #508's measurement: BURST_SIZE=300,
// QPS=300, TOTAL_BURSTS=5, WARMPOOL_SIZE=600, and the rapid-burst test's
// 20 s pause after each burst.
var PR = Load{WarmPool: 600, Bursts: 5, PerBurst: 300, QPS: 300, Pause: 20 * time.Second, Timeout: 15 * time.Minute, Pace: DefaultPace}

// Quick is the test's size.
var Quick = Load{WarmPool: 30, Bursts: 2, PerBurst: 40, QPS: 40, Pause: 2 * time.Second, Timeout: 4 * time.Minute, Pace: DefaultPace}

// WithHandover is l with two operator processes and the leader killed
// halfway through the third burst (the last when there are fewer).
func (l Load) WithHandover() Load {
	l.Handover = true
	l.HandoverBurst = min(3, l.Bursts)
	return l
}

// Result is what one run measured.
type Result struct {
	Variant  string
	Operator string
	Load     Load
	Claims   int

	ControlPlaneStartSeconds float64
	WarmPoolReadySeconds     float64   // from the warm pool's create until its Sandboxes were Ready
	ClaimsReadySeconds       float64   // from the first claim's create until every claim was bound and Ready
	BurstReadySeconds        []float64 // per burst, from its first create until all its claims were Ready
	ClaimLatency             driver.Latency

	APIServer409ClaimStatus int64            // apiserver_request_total code 409 on sandboxclaims/status
	APIServer409Claims      int64            // code 409 on sandboxclaims itself
	APIServer409Sandboxes   int64            // code 409 on sandboxes and sandboxes/status
	APIServer409Pods        int64            // code 409 on writes of existing Pods (the kubelet-like writer patches, so these are the operator's)
	Client409               map[string]int64 // the operator's requests answered 409, by "VERB resource[/subresource] reason"
	ClientWrites            map[string]int64 // the operator's writes by verb
	ClientWritesByResource  map[string]int64 // and by "VERB resource[/subresource]"

	Reconciles, ReconcileErrors int64
	ReconcilesByController      map[string]int64
	ErrorsByController          map[string]int64

	LogLines         int // lines the operator's processes logged
	ErrorLogLines    int // of which at error level
	ConflictLogLines int // of which about a conflict ("the object has been modified")

	Regressions          int // times a claim's observed generation went down
	RegressionExamples   []string
	StatusReverts        int // times a claim's status came back to a value a later write had replaced
	StatusRevertExamples []string
	ReadyFlaps           int // times a claim's Ready went from True to anything else
	ReadyFlapExamples    []string

	KubeletBinds, KubeletStatusWrites, KubeletFailures int64

	HandoverAtSeconds float64 // when the leader was killed, from the first claim's create
	HandoverSeconds   float64 // from then until the other process led

	APIServerRequests []driver.Row
	ClientRequests    []driver.Row
}

// Run runs the operator binary (of variant, built from op's main) against
// a control plane started from assets with the CRDs in crds, under load,
// and measures it. work is a scratch directory for its kubeconfigs and logs.
func Run(ctx context.Context, op Operator, variant, binary, crds, assets, work string, load Load) (*Result, error) {
	ctrl.SetLogger(logr.Discard())
	cp, err := driver.StartControlPlane(ctx, assets, []string{crds}, Namespace)
	if err != nil {
		return nil, err
	}
	defer func() { _ = cp.Stop() }()
	res := &Result{Variant: variant, Operator: op.Name, Load: load, ControlPlaneStartSeconds: cp.StartSeconds}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	kl, err := startKubelet(runCtx, cp.Config, Namespace, load.Pace)
	if err != nil {
		return nil, fmt.Errorf("starting the kubelet-like component: %w", err)
	}
	watch, err := driver.StartWatcher(runCtx, cp.Config, Namespace, driver.WatchedKind{Resource: op.Kinds.claims(), Ready: driver.ConditionReady("sandbox", "name")})
	if err != nil {
		return nil, err
	}

	processes := 1
	if load.Handover {
		processes = 2
	}
	var procs driver.OperatorProcesses
	defer func() { procs.Stop() }()
	for i := range processes {
		p, err := driver.StartOperatorProcess(runCtx, cp.Config, binary, op.Flags, work, fmt.Sprintf("%s-%d", slug(variant), i), load.Handover, Namespace)
		if err != nil {
			return nil, err
		}
		procs = append(procs, p)
	}

	dc, err := dynamic.NewForConfig(cp.Config)
	if err != nil {
		return nil, err
	}
	if err := createWarmPool(runCtx, dc, op.Kinds, load.WarmPool); err != nil {
		return nil, err
	}
	t0 := time.Now()
	if err := driver.WaitFor(runCtx, load.Timeout, func() (bool, error) {
		n, err := readySandboxes(runCtx, dc, op.Kinds)
		return n >= load.WarmPool, err
	}); err != nil {
		return nil, fmt.Errorf("the warm pool of %d: %w%s", load.WarmPool, err, logTail(procs))
	}
	res.WarmPoolReadySeconds = time.Since(t0).Seconds()

	created := map[string]time.Time{}
	var createdMu sync.Mutex
	start := time.Now()
	for b := range load.Bursts {
		if b > 0 {
			driver.Sleep(runCtx, load.Pause)
		}
		var midBurst func()
		var handoverErr error
		if load.Handover && b+1 == load.HandoverBurst {
			midBurst = func() {
				res.HandoverAtSeconds = time.Since(start).Seconds()
				var took time.Duration
				took, handoverErr = driver.HandOver(runCtx, procs, load.Timeout)
				res.HandoverSeconds = took.Seconds()
			}
		}
		tb := time.Now()
		if err := createClaims(runCtx, dc, op.Kinds, b*load.PerBurst, load.PerBurst, load.QPS, midBurst, func(name string, at time.Time) {
			createdMu.Lock()
			created["sandboxclaims/"+name] = at
			createdMu.Unlock()
		}); err != nil {
			return nil, fmt.Errorf("burst %d: %w", b+1, err)
		}
		if handoverErr != nil {
			return nil, fmt.Errorf("hand-over in burst %d: %w", b+1, handoverErr)
		}
		if err := watch.WaitReady(runCtx, (b+1)*load.PerBurst, 0, load.Timeout); err != nil {
			return nil, fmt.Errorf("burst %d: %w%s", b+1, err, logTail(procs))
		}
		res.BurstReadySeconds = append(res.BurstReadySeconds, time.Since(tb).Seconds())
	}
	res.ClaimsReadySeconds = time.Since(start).Seconds()
	res.Claims = load.Bursts * load.PerBurst
	res.ClaimLatency = watch.Latencies(0, created)

	measured := []schema.GroupResource{
		op.Kinds.claims().GroupResource(), op.Kinds.sandboxes().GroupResource(),
		op.Kinds.warmPools().GroupResource(), op.Kinds.templates().GroupResource(),
		{Resource: "pods"}, {Resource: "services"},
	}
	api, err := driver.ScrapeAPIServer(runCtx, cp.Config, measured)
	if err != nil {
		return nil, err
	}
	is409 := func(resource string, status bool) func(driver.RequestKey) bool {
		return func(k driver.RequestKey) bool {
			return k.Code == "409" && k.Resource == resource && (k.Subresource == "status") == status
		}
	}
	res.APIServer409ClaimStatus = api.Count(is409("sandboxclaims", true))
	res.APIServer409Claims = api.Count(is409("sandboxclaims", false))
	res.APIServer409Sandboxes = api.Count(is409("sandboxes", true)) + api.Count(is409("sandboxes", false))
	res.APIServer409Pods = api.Count(func(k driver.RequestKey) bool {
		return k.Code == "409" && k.Resource == "pods" && k.Verb != "POST" // a create's 409 is AlreadyExists
	})
	res.APIServerRequests = api.Rows()

	client := procs.Snapshot()
	rec, err := procs.Reconciles(runCtx)
	if err != nil {
		return nil, err
	}
	res.Reconciles, res.ReconcileErrors = rec.Total, rec.Errors
	res.ReconcilesByController, res.ErrorsByController = rec.ByController, rec.ErrorsByController
	res.Client409, res.ClientWrites, res.ClientWritesByResource = map[string]int64{}, map[string]int64{}, map[string]int64{}
	for k, v := range client {
		what := k.Verb + " " + k.Resource
		if k.Subresource != "" {
			what += "/" + k.Subresource
		}
		if k.Code == "409" {
			res.Client409[what+" "+k.Reason] += v
		}
		if driver.IsWrite(k.Verb) {
			res.ClientWrites[k.Verb] += v
			res.ClientWritesByResource[what] += v
		}
	}
	res.ClientRequests = client.Rows()
	res.Regressions, res.RegressionExamples = watch.Regressions()
	res.StatusReverts, res.StatusRevertExamples = watch.Reverts()
	res.ReadyFlaps, res.ReadyFlapExamples = watch.Flaps()
	res.KubeletBinds, res.KubeletStatusWrites, res.KubeletFailures = kl.binds.Load(), kl.statusWrites.Load(), kl.failures.Load()

	for _, p := range procs {
		p.Stop()
		lines, errs, conflicts, err := logCounts(p)
		if err != nil {
			return nil, err
		}
		res.LogLines += lines
		res.ErrorLogLines += errs
		res.ConflictLogLines += conflicts
	}
	return res, nil
}

func slug(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, strings.ToLower(s))
}

// logCounts counts the lines of a process's log: all, at error level, and
// about a conflict.
func logCounts(p *driver.OperatorProcess) (lines, errs, conflicts int, err error) {
	f, err := os.Open(p.LogPath())
	if err != nil {
		return 0, 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		lines++
		if strings.Contains(line, `"level":"error"`) || strings.Contains(line, "\tERROR\t") {
			errs++
		}
		if strings.Contains(line, "the object has been modified") {
			conflicts++
		}
	}
	return lines, errs, conflicts, sc.Err()
}

func logTail(procs driver.OperatorProcesses) string {
	var b strings.Builder
	for _, p := range procs {
		fmt.Fprintf(&b, "\n%s's log ends:\n%s", p.Name, p.LogTail())
	}
	return b.String()
}

// createWarmPool creates the template and the warm pool of replicas.
func createWarmPool(ctx context.Context, dc dynamic.Interface, k ClaimKinds, replicas int) error {
	template := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": k.Extensions.String(), "kind": "SandboxTemplate",
		"metadata": map[string]any{"name": "template-0", "namespace": Namespace},
		"spec": map[string]any{"podTemplate": map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": "agent-sandbox-load-test"}},
			"spec": map[string]any{
				"restartPolicy": "Never",
				"containers": []any{map[string]any{
					"name": "python-agent", "image": "python:3.11-slim",
					"command": []any{"/bin/sh", "-c"}, "args": []any{"echo 'Hello from the Sandbox!' && sleep 3600"},
				}},
			},
		}},
	}}
	if _, err := dc.Resource(k.templates()).Namespace(Namespace).Create(ctx, template, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("creating the template: %w", err)
	}
	pool := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": k.Extensions.String(), "kind": "SandboxWarmPool",
		"metadata": map[string]any{"name": "warmpool-0", "namespace": Namespace},
		"spec":     map[string]any{"replicas": int64(replicas), "sandboxTemplateRef": map[string]any{"name": "template-0"}},
	}}
	if _, err := dc.Resource(k.warmPools()).Namespace(Namespace).Create(ctx, pool, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("creating the warm pool: %w", err)
	}
	return nil
}

// readySandboxes counts the warm pool's Sandboxes whose Ready condition is
// True.
func readySandboxes(ctx context.Context, dc dynamic.Interface, k ClaimKinds) (int, error) {
	list, err := dc.Resource(k.sandboxes()).Namespace(Namespace).List(ctx, metav1.ListOptions{LabelSelector: k.WarmPoolLabel})
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range list.Items {
		if _, ready := driver.ConditionReady()(&list.Items[i]); ready {
			n++
		}
	}
	return n, nil
}

// createClaims creates n claims, agent-claim-<from> on, at qps, calling
// created for each; midway it calls mid (when not nil).
func createClaims(ctx context.Context, dc dynamic.Interface, k ClaimKinds, from, n int, qps float64, mid func(), created func(name string, at time.Time)) error {
	ri := dc.Resource(k.claims()).Namespace(Namespace)
	tick := time.NewTicker(time.Duration(float64(time.Second) / qps))
	defer tick.Stop()
	var wg sync.WaitGroup
	var failed atomic.Pointer[error]
	for i := range n {
		if i == n/2 && mid != nil {
			mid()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		name := fmt.Sprintf("agent-claim-%d", from+i)
		claim := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": k.Extensions.String(), "kind": "SandboxClaim",
			"metadata": map[string]any{"name": name, "namespace": Namespace},
			"spec":     map[string]any{"sandboxTemplateRef": map[string]any{"name": "template-0"}},
		}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			at := time.Now()
			if _, err := ri.Create(ctx, claim, metav1.CreateOptions{}); err != nil {
				err = fmt.Errorf("creating %s: %w", name, err)
				failed.Store(&err)
				return
			}
			created(name, at)
		}()
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		return *err
	}
	return nil
}
