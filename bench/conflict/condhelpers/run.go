// Package condhelpers measures what the conditions pass's guard saves on
// an operator whose steady-state status writes come from a helper that
// sets a condition and writes the status, called from every branch of its
// sub-reconciles (issue 29): status writes, reconciles and API requests
// per minute in the steady state, before and after statuslint -fix, and
// whether the fixed operator still follows changes of the spec and of its
// children in the status.
//
// The operator is the package controller/, on the WebApp of package api.
// Prepare copies the controller into a module of its own at run time,
// applies the variant's fix, checks what statuslint reports on the copy
// and builds, with main.go.txt, a driver binary that calls Main; the
// binary starts a kube-apiserver and etcd through envtest, runs the copy
// and prints a Result as JSON. The control plane, the request and
// reconcile counts and the running of a variant are the conflict
// harness's (packages driver and harness). Each variant runs in its own
// process, on its own control plane.
package condhelpers

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-logr/logr"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/statuslint/statuslint/bench/conflict/condhelpers/api"
	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// Namespace is where the run's objects live.
const Namespace = "condhelpers"

// The images of the run: every WebApp starts with Image; the spec change
// after the steady window moves some to NewImage.
const (
	Image    = "registry.example/webapp:1.4.2"
	NewImage = "registry.example/webapp:1.5.0"
)

// Operator is the controller a driver binary runs, and what the run needs
// to know of it.
type Operator struct {
	Name       string   // the controller's name in controller_runtime_reconcile_total
	Conditions []string // the condition types it sets, each True with UpToDateReason once all is as wanted
	ChildName  func(app string) string
	VersionOf  func(image string) string
	Setup      func(mgr ctrl.Manager, workers int, resync time.Duration) error
}

// UpToDateReason is the reason of a condition once its child is as wanted.
const UpToDateReason = "UpToDate"

// Config is one run's load; the flags of Main set it.
type Config struct {
	Variant string
	Assets  string        // directory with kube-apiserver and etcd
	CRDs    string        // directory with the WebApp's CRD
	Apps    int           // WebApps created
	Workers int           // the operator's MaxConcurrentReconciles
	Resync  time.Duration // the operator's RequeueAfter
	Settle  time.Duration // pause between everything settled and the steady window
	Steady  time.Duration // the steady-state window
	// Changes is how many WebApps get each kind of change after the
	// window: a new image in the spec, their ConfigMap edited, their
	// Deployment scaled, their Service deleted (different WebApps for each).
	Changes int
	Timeout time.Duration // the longest wait for the setup to settle
}

// Result is what one run measured.
type Result struct {
	Variant string
	Config  Config

	SetupSeconds float64 // from the first create until every WebApp's status said all was as wanted

	// In the steady window.
	SteadySeconds    float64
	SteadyReconciles int64 // the operator's
	// Status writes of WebApps (PUT or PATCH of webapps/status), counted
	// by the API server (apiserver_request_total) and by the operator's
	// transport.
	SteadyStatusWritesAPIServer, SteadyStatusWritesClient int64
	// Requests by "VERB resource" ("VERB resource/subresource"): the
	// operator's, as its transport saw them, and the API server's for
	// WebApps, ConfigMaps, Deployments and Services.
	SteadyOperatorRequests, SteadyAPIServerRequests map[string]int64

	// After the window: the changes made (by kind), how many of the
	// WebApps changed the operator brought back to all as wanted, with the
	// status saying so, and how long that took (-1: not all within
	// followTimeout); and whether every WebApp's status was right at the
	// end.
	Changed        map[string]int
	Followed       int
	FollowSeconds  float64
	FollowWrites   int64    // the operator's status writes while following
	StatusWrong    int      // WebApps whose status was not right at the end, all of them checked
	StatusProblems []string // the first few
	// The whole run.
	Reconciles, ReconcileErrors int64
	// The operator's requests answered with an error, by "VERB
	// resource[/subresource] code[ reason]".
	OperatorErrors map[string]int64

	Seconds float64 // the whole run, control plane included
}

// followTimeout is the longest wait for the operator to follow the changes.
const followTimeout = time.Minute

// PerMinute is n over the steady window, per minute.
func (r *Result) PerMinute(n int64) float64 {
	if r.SteadySeconds <= 0 {
		return 0
	}
	return float64(n) / r.SteadySeconds * 60
}

// ChangedTotal is how many WebApps were changed after the window.
func (r *Result) ChangedTotal() int {
	n := 0
	for _, v := range r.Changed {
		n += v
	}
	return n
}

// Total sums requests (SteadyOperatorRequests or SteadyAPIServerRequests).
func Total(requests map[string]int64) int64 {
	var n int64
	for _, v := range requests {
		n += v
	}
	return n
}

// Flags registers the flags of a Config.
func (c *Config) Flags(fs *flag.FlagSet) {
	fs.StringVar(&c.Variant, "variant", "", "name of the variant, copied into the result")
	fs.StringVar(&c.Assets, "assets", os.Getenv("KUBEBUILDER_ASSETS"), "directory holding kube-apiserver and etcd")
	fs.StringVar(&c.CRDs, "crds", "", "directory holding the WebApp's CRD")
	fs.IntVar(&c.Apps, "apps", Quick.Apps, "WebApps to create")
	fs.IntVar(&c.Workers, "workers", Quick.Workers, "the operator's MaxConcurrentReconciles")
	fs.DurationVar(&c.Resync, "resync", Quick.Resync, "the operator's RequeueAfter")
	fs.DurationVar(&c.Settle, "settle", Quick.Settle, "pause between everything settled and the steady window")
	fs.DurationVar(&c.Steady, "steady", Quick.Steady, "length of the steady window")
	fs.IntVar(&c.Changes, "changes", Quick.Changes, "WebApps changed after the window, for each kind of change")
	fs.DurationVar(&c.Timeout, "timeout", Quick.Timeout, "the longest wait for the setup to settle")
}

// Args are the driver flags for c (Variant, Assets and CRDs aside).
func (c Config) Args() []string {
	return []string{
		"-apps", fmt.Sprint(c.Apps), "-workers", fmt.Sprint(c.Workers), "-resync", c.Resync.String(),
		"-settle", c.Settle.String(), "-steady", c.Steady.String(),
		"-changes", fmt.Sprint(c.Changes), "-timeout", c.Timeout.String(),
	}
}

// Quick is the size the test runs.
var Quick = Config{Apps: 30, Workers: 10, Resync: 5 * time.Second, Settle: time.Second, Steady: 12 * time.Second,
	Changes: 2, Timeout: 2 * time.Minute}

// Large is the size of RESULTS.md.
var Large = Config{Apps: 300, Workers: 20, Resync: 30 * time.Second, Settle: 10 * time.Second, Steady: time.Minute,
	Changes: 10, Timeout: 5 * time.Minute}

// Main parses the flags, runs op, prints the Result as JSON on stdout and
// exits non-zero on failure.
func Main(op Operator) {
	var cfg Config
	cfg.Flags(flag.CommandLine)
	flag.Parse()
	driver.PrintResult("condhelpers driver", func(ctx context.Context) (*Result, error) { return Run(ctx, cfg, op) })
}

// measured are the resources whose requests the API server's counts are
// kept for.
var measured = []schema.GroupResource{
	{Group: api.GroupVersion.Group, Resource: "webapps"},
	{Resource: "configmaps"},
	{Group: "apps", Resource: "deployments"},
	{Resource: "services"},
}

// Run starts the control plane and the operator, creates the WebApps,
// waits for everything to settle, measures the steady window and then
// changes some WebApps and some of their children and waits for the
// operator to follow.
func Run(ctx context.Context, cfg Config, op Operator) (*Result, error) {
	ctrl.SetLogger(logr.Discard())
	start := time.Now()
	cp, err := driver.StartControlPlane(ctx, cfg.Assets, []string{cfg.CRDs}, Namespace, api.AddToScheme)
	if err != nil {
		return nil, err
	}
	defer func() { _ = cp.Stop() }()
	admin := cp.Admin

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	counter, mgrDone, err := cp.StartOperator(runCtx, op.Name, Namespace, func(mgr ctrl.Manager) error { return op.Setup(mgr, cfg.Workers, cfg.Resync) })
	if err != nil {
		return nil, err
	}

	// Setup: the WebApps, then until every status says all is as wanted.
	res := &Result{Variant: cfg.Variant, Config: cfg, FollowSeconds: -1}
	t0 := time.Now()
	names := make([]string, cfg.Apps)
	for i := range names {
		names[i] = fmt.Sprintf("app-%05d", i)
		app := &api.WebApp{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: names[i]},
			Spec: api.WebAppSpec{Image: Image, Replicas: 2, Message: "hello"}}
		if err := admin.Create(runCtx, app); err != nil {
			return nil, fmt.Errorf("creating WebApp %s: %w", names[i], err)
		}
	}
	if err := driver.WaitFor(runCtx, cfg.Timeout, func() (bool, error) {
		wrong, _, err := checkStatus(runCtx, admin, op, nil)
		return wrong == 0, err
	}); err != nil {
		_, problems, _ := checkStatus(runCtx, admin, op, nil)
		return nil, fmt.Errorf("setup: not all WebApps as wanted (%s): %w", strings.Join(problems, "; "), err)
	}
	res.SetupSeconds = time.Since(t0).Seconds()
	driver.Sleep(runCtx, cfg.Settle)

	// The steady window.
	win, err := cp.Window(runCtx, counter, measured, cfg.Steady)
	if err != nil {
		return nil, err
	}
	res.SteadySeconds = win.Seconds()
	res.SteadyReconciles = win.Reconciles(op.Name)
	res.SteadyStatusWritesAPIServer = statusWrites(win.After.APIServer) - statusWrites(win.Before.APIServer)
	res.SteadyStatusWritesClient = statusWrites(win.After.Client) - statusWrites(win.Before.Client)
	res.SteadyOperatorRequests = win.ClientRequests()
	res.SteadyAPIServerRequests = win.APIServerRequests()

	// The changes: a new image for some WebApps (a new version to
	// report), and, by hand, for others, an edited ConfigMap, a scaled
	// Deployment or a deleted Service, each from another client.
	changes, changed := change(names, cfg.Changes)
	res.Changed = map[string]int{}
	t1 := time.Now()
	writes0 := statusWrites(counter.Snapshot())
	for _, c := range changes {
		res.Changed[c.kind]++
		if err := c.apply(runCtx, admin, op); err != nil {
			return nil, fmt.Errorf("%s of %s: %w", c.kind, c.app, err)
		}
	}
	err = driver.WaitFor(runCtx, followTimeout, func() (bool, error) {
		n, err := followed(runCtx, admin, op, changes)
		res.Followed = n
		return n == len(changes), err
	})
	if err == nil {
		res.FollowSeconds = time.Since(t1).Seconds()
	} else if runCtx.Err() != nil {
		return nil, err
	}
	res.FollowWrites = statusWrites(counter.Snapshot()) - writes0
	// Every WebApp, changed or not, must end with the status its spec and
	// children call for.
	if res.StatusWrong, res.StatusProblems, err = checkStatus(runCtx, admin, op, changed); err != nil {
		return nil, err
	}

	rec, err := driver.ReconcileCounts()
	if err != nil {
		return nil, err
	}
	res.Reconciles, res.ReconcileErrors = rec.ByController[op.Name], rec.ErrorsByController[op.Name]
	res.OperatorErrors = driver.Failed(counter.Snapshot())
	cancel()
	if err := <-mgrDone; err != nil {
		return nil, fmt.Errorf("the operator's manager: %w", err)
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// A changeOf is one change made after the steady window.
type changeOf struct {
	kind string // "image", "configmap", "deployment", "service"
	app  string
}

// The kinds of change, in the order they are handed out.
var changeKinds = []string{"image", "configmap", "deployment", "service"}

// change picks, evenly spaced over names, n WebApps for each kind of
// change, a different WebApp for every change, and returns the changes
// and the WebApps' images afterwards (NewImage for those whose image
// changes).
func change(names []string, n int) ([]changeOf, map[string]string) {
	total := min(n*len(changeKinds), len(names))
	var out []changeOf
	images := map[string]string{}
	for i := 0; i < total; i++ {
		c := changeOf{kind: changeKinds[i%len(changeKinds)], app: names[i*len(names)/total]}
		if c.kind == "image" {
			images[c.app] = NewImage
		}
		out = append(out, c)
	}
	return out, images
}

// apply makes the change, as someone else than the operator does.
func (c changeOf) apply(ctx context.Context, admin client.Client, op Operator) error {
	key := client.ObjectKey{Namespace: Namespace, Name: op.ChildName(c.app)}
	merge := func(obj client.Object, patch string) error {
		return admin.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(patch)))
	}
	switch c.kind {
	case "image":
		return merge(&api.WebApp{ObjectMeta: metav1.ObjectMeta{Namespace: Namespace, Name: c.app}}, fmt.Sprintf(`{"spec":{"image":%q}}`, NewImage))
	case "configmap":
		return merge(&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name}}, `{"data":{"message":"edited by hand"}}`)
	case "deployment":
		return merge(&appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name}}, `{"spec":{"replicas":5}}`)
	case "service":
		return admin.Delete(ctx, &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name}})
	}
	return fmt.Errorf("unknown change %q", c.kind)
}

// followed counts the changes the operator has followed: the child set
// back (or the Deployment on the new image) and the WebApp's status right.
func followed(ctx context.Context, c client.Client, op Operator, changes []changeOf) (int, error) {
	n := 0
	for _, ch := range changes {
		var app api.WebApp
		if err := c.Get(ctx, client.ObjectKey{Namespace: Namespace, Name: ch.app}, &app); err != nil {
			return 0, err
		}
		if statusProblem(&app, op) != "" {
			continue
		}
		ok, err := childAsWanted(ctx, c, op, &app, ch.kind)
		if err != nil {
			return 0, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// childAsWanted reports whether the WebApp's child of the kind is as its
// spec asks, read from the API server.
func childAsWanted(ctx context.Context, c client.Client, op Operator, app *api.WebApp, kind string) (bool, error) {
	key := client.ObjectKey{Namespace: Namespace, Name: op.ChildName(app.Name)}
	var obj client.Object
	switch kind {
	case "configmap":
		obj = &corev1.ConfigMap{}
	case "image", "deployment":
		obj = &appsv1.Deployment{}
	case "service":
		obj = &corev1.Service{}
	}
	if err := c.Get(ctx, key, obj); apierrors.IsNotFound(err) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	switch o := obj.(type) {
	case *corev1.ConfigMap:
		return o.Data["message"] == app.Spec.Message, nil
	case *appsv1.Deployment:
		cs := o.Spec.Template.Spec.Containers
		return o.Spec.Replicas != nil && *o.Spec.Replicas == app.Spec.Replicas && len(cs) == 1 && cs[0].Image == app.Spec.Image, nil
	}
	return true, nil
}

// checkStatus counts the WebApps whose status is not what their spec calls for
// once all is as wanted (see statusProblem), listing the first few; with
// images, it also checks that each WebApp named there has that image.
func checkStatus(ctx context.Context, c client.Client, op Operator, images map[string]string) (int, []string, error) {
	var list api.WebAppList
	if err := c.List(ctx, &list, client.InNamespace(Namespace)); err != nil {
		return 0, nil, err
	}
	wrong := 0
	var problems []string
	for i := range list.Items {
		app := &list.Items[i]
		p := statusProblem(app, op)
		if want, ok := images[app.Name]; ok && p == "" && app.Spec.Image != want {
			p = fmt.Sprintf("spec.image %q, want %q", app.Spec.Image, want)
		}
		if p != "" {
			wrong++
			if len(problems) < 5 {
				problems = append(problems, app.Name+": "+p)
			}
		}
	}
	return wrong, problems, nil
}

// statusProblem says what is wrong with the WebApp's status for its spec
// once all is as wanted: each condition True, UpToDate and at the
// generation, the version that of the image; "" when nothing is.
func statusProblem(app *api.WebApp, op Operator) string {
	if want := op.VersionOf(app.Spec.Image); app.Status.Version != want {
		return fmt.Sprintf("status.version %q, want %q", app.Status.Version, want)
	}
	for _, t := range op.Conditions {
		c := meta.FindStatusCondition(app.Status.Conditions, t)
		switch {
		case c == nil:
			return "no " + t + " condition"
		case c.Status != metav1.ConditionTrue || c.Reason != UpToDateReason:
			return fmt.Sprintf("%s %s (%s)", t, c.Status, c.Reason)
		case c.ObservedGeneration != app.Generation:
			return fmt.Sprintf("%s at generation %d of %d", t, c.ObservedGeneration, app.Generation)
		}
	}
	return ""
}

// statusWrites counts the writes of WebApps' status, whatever their
// outcome.
func statusWrites(c driver.Counts) int64 {
	return c.Count(func(k driver.RequestKey) bool {
		return k.Resource == "webapps" && k.Subresource == "status" && driver.IsWrite(k.Verb)
	})
}
