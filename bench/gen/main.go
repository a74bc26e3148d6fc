// Command gen writes a synthetic Kubernetes operator module for timing
// statuslint against go vet's floor.
//
//	go run ./gen -packages 400 -out out/op400
//
// The module has many packages of four sorts, in fixed proportions of the
// -packages count: API groups (types, deep copies, scheme registration),
// cross-package status helpers (conditions with meta.SetStatusCondition,
// status Update and Patch, a status writer type), controllers (two
// reconcilers each plus a reconcile.Func, with helpers, closures, defers and
// client writes with and without client.FieldOwner), and plain Go utility
// packages that do not import controller-runtime at all, some of them
// importing apimachinery; plus one manager command wiring every controller.
// It depends on the real controller-runtime and k8s.io modules, and gen
// runs go mod tidy on it unless -tidy=false.
//
// The output depends only on the flags: the same flags write the same bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"
)

// Versions of the real modules the generated operator builds against.
const (
	controllerRuntime = "v0.25.2"
	k8sVersion        = "v0.37.2"
	modulePath        = "example.com/benchop"
)

var (
	packages = flag.Int("packages", 50, "number of packages to generate (at least 6)")
	out      = flag.String("out", "", "directory to write the module to (created; must be empty or absent)")
	funcs    = flag.Int("funcs", 12, "functions per utility package")
	tidy     = flag.Bool("tidy", true, "run go mod tidy in the generated module")
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	flag.Parse()
	if *out == "" || *packages < 6 {
		log.Fatal("usage: gen -packages N (N >= 6) -out DIR")
	}
	if entries, err := os.ReadDir(*out); err == nil && len(entries) > 0 {
		log.Fatalf("%s is not empty", *out)
	}
	l := plan(*packages)
	g := &generator{dir: *out, layout: l}
	g.write()
	if *tidy {
		cmd := exec.Command("go", "mod", "tidy")
		cmd.Dir = *out
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("go mod tidy: %v", err)
		}
	}
	fmt.Printf("gen: %d packages (%d api, %d status, %d controller, %d util, 1 command) in %s\n",
		l.total(), l.API, l.Status, l.Ctrl, l.Util, *out)
}

// layout is how many packages of each sort the module has.
type layout struct{ API, Status, Ctrl, Util int }

func (l layout) total() int { return l.API + l.Status + l.Ctrl + l.Util + 1 }

func plan(n int) layout {
	l := layout{API: max(1, n/10), Status: max(1, n/10), Ctrl: max(1, n/4)}
	l.Util = n - 1 - l.API - l.Status - l.Ctrl
	if l.Util < 1 {
		l.Util = 1
	}
	return l
}

type generator struct {
	dir    string
	layout layout
}

func (g *generator) file(rel string, tmpl *template.Template, data any) {
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		log.Fatalf("%s: %v", rel, err)
	}
	src := buf.Bytes()
	if strings.HasSuffix(rel, ".go") {
		formatted, err := format.Source(src)
		if err != nil {
			log.Fatalf("%s: %v\n%s", rel, err, src)
		}
		src = formatted
	}
	path := filepath.Join(g.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// Kinds of every API group.
var kinds = []string{"Widget", "Gadget", "Doohickey"}

type apiData struct {
	Index int
	Kinds []string
}

type statusData struct{ Index int }

type ctrlData struct {
	Index      int
	API        int // API group used
	Status     int // status helper package used
	Utils      []int
	FieldOwner bool // whether the ConfigMap create names its field owner
}

type utilData struct {
	Index   int
	Imports []int // lower utility packages
	K8s     bool  // imports apimachinery (but not controller-runtime)
	Funcs   []int
}

type mainData struct {
	Ctrls []ctrlData
	APIs  []int
}

func (g *generator) write() {
	l := g.layout
	g.file("go.mod", goModTmpl, map[string]string{
		"Module": modulePath, "CR": controllerRuntime, "K8s": k8sVersion,
	})
	g.file("README.md", readmeTmpl, l)
	for i := 0; i < l.API; i++ {
		g.file(fmt.Sprintf("api/g%d/v1/types.go", i), apiTmpl, apiData{Index: i, Kinds: kinds})
	}
	for i := 0; i < l.Status; i++ {
		g.file(fmt.Sprintf("internal/status/s%d/status.go", i), statusTmpl, statusData{Index: i})
	}
	for i := 0; i < l.Util; i++ {
		d := utilData{Index: i, K8s: i%4 == 1}
		// A chain and a tree: each utility package imports the one before
		// it and the one at half its index, so the import graph has depth.
		if i > 0 {
			d.Imports = append(d.Imports, i-1)
		}
		if i/2 > 0 && i/2 != i-1 {
			d.Imports = append(d.Imports, i/2)
		}
		for f := 0; f < *funcs; f++ {
			d.Funcs = append(d.Funcs, f)
		}
		g.file(fmt.Sprintf("internal/util/u%d/util.go", i), utilTmpl, d)
	}
	var md mainData
	for i := 0; i < l.Ctrl; i++ {
		d := ctrlData{Index: i, API: i % l.API, Status: i % l.Status, FieldOwner: i%3 == 0}
		d.Utils = []int{(i * 7) % l.Util}
		if u := (i*13 + 5) % l.Util; u != d.Utils[0] {
			d.Utils = append(d.Utils, u)
		}
		g.file(fmt.Sprintf("internal/controller/c%d/controller.go", i), ctrlTmpl, d)
		md.Ctrls = append(md.Ctrls, d)
	}
	for i := 0; i < l.API; i++ {
		md.APIs = append(md.APIs, i)
	}
	g.file("cmd/manager/main.go", mainTmpl, md)
}

var funcMap = template.FuncMap{
	"lower":  strings.ToLower,
	"mod":    func(a, b int) int { return a % b },
	"add":    func(a, b int) int { return a + b },
	"mul":    func(a, b int) int { return a * b },
	"module": func() string { return modulePath },
}

func mustParse(name, text string) *template.Template {
	return template.Must(template.New(name).Funcs(funcMap).Parse(text))
}

var goModTmpl = mustParse("go.mod", `module {{.Module}}

go 1.26.0

require (
	k8s.io/api {{.K8s}}
	k8s.io/apimachinery {{.K8s}}
	k8s.io/client-go {{.K8s}}
	sigs.k8s.io/controller-runtime {{.CR}}
)
`)

var readmeTmpl = mustParse("README.md", `# benchop

A synthetic operator written by statuslint's bench/gen for timing only:
{{.API}} API groups, {{.Status}} status helper packages, {{.Ctrl}} controller
packages, {{.Util}} utility packages and one command.
`)

var apiTmpl = mustParse("api", `// Package v1 holds the API types of group g{{.Index}}.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group version of these objects.
	GroupVersion = schema.GroupVersion{Group: "g{{.Index}}.bench.example.com", Version: "v1"}

	// SchemeBuilder registers the types.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func init() {
	SchemeBuilder.Register({{range .Kinds}}&{{.}}{}, &{{.}}List{}, {{end}})
}
{{range .Kinds}}
// {{.}}Spec is the desired state of a {{.}}.
type {{.}}Spec struct {
	Replicas int32             `+"`json:\"replicas,omitempty\"`"+`
	Color    string            `+"`json:\"color,omitempty\"`"+`
	Selector map[string]string `+"`json:\"selector,omitempty\"`"+`
	Items    []string          `+"`json:\"items,omitempty\"`"+`
	Paused   bool              `+"`json:\"paused,omitempty\"`"+`
}

// {{.}}Status is the observed state of a {{.}}.
type {{.}}Status struct {
	Conditions         []metav1.Condition `+"`json:\"conditions,omitempty\"`"+`
	ObservedGeneration int64              `+"`json:\"observedGeneration,omitempty\"`"+`
	Ready              bool               `+"`json:\"ready,omitempty\"`"+`
	Message            string             `+"`json:\"message,omitempty\"`"+`
}

// {{.}} is a resource of group g.
type {{.}} struct {
	metav1.TypeMeta   `+"`json:\",inline\"`"+`
	metav1.ObjectMeta `+"`json:\"metadata,omitempty\"`"+`

	Spec   {{.}}Spec   `+"`json:\"spec,omitempty\"`"+`
	Status {{.}}Status `+"`json:\"status,omitempty\"`"+`
}

// {{.}}List is a list of {{.}}.
type {{.}}List struct {
	metav1.TypeMeta `+"`json:\",inline\"`"+`
	metav1.ListMeta `+"`json:\"metadata,omitempty\"`"+`
	Items           []{{.}} `+"`json:\"items\"`"+`
}

// StatusConditions returns the conditions for the status helpers.
func (in *{{.}}) StatusConditions() *[]metav1.Condition { return &in.Status.Conditions }

// DeepCopyInto copies in into out.
func (in *{{.}}Spec) DeepCopyInto(out *{{.}}Spec) {
	*out = *in
	if in.Selector != nil {
		out.Selector = make(map[string]string, len(in.Selector))
		for k, v := range in.Selector {
			out.Selector[k] = v
		}
	}
	if in.Items != nil {
		out.Items = make([]string, len(in.Items))
		copy(out.Items, in.Items)
	}
}

// DeepCopyInto copies in into out.
func (in *{{.}}Status) DeepCopyInto(out *{{.}}Status) {
	*out = *in
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopyInto copies in into out.
func (in *{{.}}) DeepCopyInto(out *{{.}}) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopy returns a copy of in.
func (in *{{.}}) DeepCopy() *{{.}} {
	if in == nil {
		return nil
	}
	out := new({{.}})
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *{{.}}) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// DeepCopyInto copies in into out.
func (in *{{.}}List) DeepCopyInto(out *{{.}}List) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]{{.}}, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
}

// DeepCopy returns a copy of in.
func (in *{{.}}List) DeepCopy() *{{.}}List {
	if in == nil {
		return nil
	}
	out := new({{.}}List)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *{{.}}List) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
{{end}}`)

var statusTmpl = mustParse("status", `// Package s{{.Index}} holds status helpers shared by several controllers.
package s{{.Index}}

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ConditionReady is the condition every kind reports.
const ConditionReady = "Ready"

const fieldOwner = client.FieldOwner("bench-status-{{.Index}}")

// Conditioned is an object with status conditions.
type Conditioned interface {
	client.Object
	StatusConditions() *[]metav1.Condition
}

// SetReady marks obj Ready and writes its status with Update when that
// changed anything: statusupdate reports it where a reconciler calls it.
func SetReady(ctx context.Context, c client.Client, obj Conditioned) error {
	changed := meta.SetStatusCondition(obj.StatusConditions(), metav1.Condition{
		Type:               ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciled",
		Message:            "up to date",
		ObservedGeneration: obj.GetGeneration(),
	})
	if !changed {
		return nil
	}
	return update(ctx, c, obj)
}

func update(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Status().Update(ctx, obj, fieldOwner)
}

// MarkFailed records err in a condition, ignoring whether it changed, and
// patches the status anyway.
func MarkFailed(ctx context.Context, c client.Client, obj Conditioned, err error) error {
	base := obj.DeepCopyObject().(client.Object)
	meta.SetStatusCondition(obj.StatusConditions(), metav1.Condition{
		Type:               ConditionReady,
		Status:             metav1.ConditionFalse,
		Reason:             "Failed",
		Message:            err.Error(),
		ObservedGeneration: obj.GetGeneration(),
	})
	return c.Status().Patch(ctx, obj, client.MergeFrom(base), fieldOwner)
}

// PatchReady is the right way: a merge patch from base, only on change.
func PatchReady(ctx context.Context, c client.Client, obj Conditioned, base client.Object) error {
	if !meta.SetStatusCondition(obj.StatusConditions(), metav1.Condition{
		Type:               ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciled",
		Message:            "up to date",
		ObservedGeneration: obj.GetGeneration(),
	}) {
		return nil
	}
	return c.Status().Patch(ctx, obj, client.MergeFrom(base), fieldOwner)
}

// Writer writes statuses for a controller.
type Writer struct {
	C       client.Client
	written int
}

// Flush writes obj's status with Update and no field owner.
func (w *Writer) Flush(ctx context.Context, obj client.Object) error {
	w.written++
	return w.C.Status().Update(ctx, obj)
}

// Written counts the writes.
func (w *Writer) Written() int { return w.written }

// Summary describes conditions in a stable order.
func Summary(conds []metav1.Condition) string {
	parts := make([]string, 0, len(conds))
	for _, c := range conds {
		parts = append(parts, fmt.Sprintf("%s=%s(%s)", c.Type, c.Status, c.Reason))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// IsReady reports whether the Ready condition is true for generation gen.
func IsReady(conds []metav1.Condition, gen int64) bool {
	c := meta.FindStatusCondition(conds, ConditionReady)
	return c != nil && c.Status == metav1.ConditionTrue && c.ObservedGeneration == gen
}
`)

var ctrlTmpl = mustParse("controller", `// Package c{{.Index}} reconciles the kinds of API group g{{.API}}.
package c{{.Index}}

import (
	"context"
	"errors"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	apiv1 "{{module}}/api/g{{.API}}/v1"
	status "{{module}}/internal/status/s{{.Status}}"
{{- range .Utils}}
	u{{.}} "{{module}}/internal/util/u{{.}}"
{{- end}}
)

const fieldOwner = client.FieldOwner("bench-controller-{{.Index}}")

// WidgetReconciler reconciles Widgets: it updates their status directly,
// in a helper and in a deferred closure.
type WidgetReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, retErr error) {
	var obj apiv1.Widget
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := obj.DeepCopy()

	defer func() {
		if retErr == nil {
			return
		}
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
			Type:               status.ConditionReady,
			Status:             metav1.ConditionFalse,
			Reason:             "ReconcileFailed",
			Message:            retErr.Error(),
			ObservedGeneration: obj.Generation,
		})
		if err := r.Status().Update(ctx, &obj); err != nil {
			retErr = errors.Join(retErr, err)
		}
	}()

	if obj.Spec.Paused {
		return ctrl.Result{}, nil
	}
	if err := r.ensureConfigMap(ctx, &obj); err != nil {
		return ctrl.Result{}, err
	}
	obj.Status.Message = {{range $i, $u := .Utils}}{{if $i}} + "/" + {{end}}u{{$u}}.Describe(obj.Name, len(obj.Spec.Items)){{end}}
	if obj.Spec.Replicas > 3 {
		return ctrl.Result{RequeueAfter: time.Minute}, r.markReady(ctx, &obj)
	}
	obj.Status.ObservedGeneration = obj.Generation
	if meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type:               status.ConditionReady,
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciled",
		Message:            status.Summary(obj.Status.Conditions),
		ObservedGeneration: obj.Generation,
	}) {
		if err := r.Status().Patch(ctx, &obj, client.MergeFrom(base), fieldOwner); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *WidgetReconciler) markReady(ctx context.Context, obj *apiv1.Widget) error {
	obj.Status.Ready = true
	return r.Status().Update(ctx, obj, fieldOwner)
}

func (r *WidgetReconciler) ensureConfigMap(ctx context.Context, obj *apiv1.Widget) error {
	key := types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name + "-c{{.Index}}"}
	err := r.Get(ctx, key, &corev1.ConfigMap{})
	if !apierrors.IsNotFound(err) {
		return err
	}
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name},
		Data:       map[string]string{"color": obj.Spec.Color, "items": fmt.Sprint(len(obj.Spec.Items))},
	}
	if err := ctrl.SetControllerReference(obj, cm, r.Scheme); err != nil {
		return err
	}
{{- if .FieldOwner}}
	return r.Create(ctx, cm, fieldOwner)
{{- else}}
	return r.Create(ctx, cm)
{{- end}}
}

// SetupWithManager registers the reconciler.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Widget{}).
		Owns(&corev1.ConfigMap{}).
		Named("widget-c{{.Index}}").
		Complete(r)
}

// GadgetReconciler reconciles Gadgets through the shared status helpers
// and a list of steps.
type GadgetReconciler struct {
	Client client.Client
	Scheme *runtime.Scheme
	Writer *status.Writer
}

type step func(context.Context, *apiv1.Gadget) error

// Reconcile implements reconcile.Reconciler.
func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Gadget
	if err := r.Client.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, s := range []step{r.label, r.flush} {
		if err := s(ctx, &obj); err != nil {
			return ctrl.Result{}, status.MarkFailed(ctx, r.Client, &obj, err)
		}
	}
	if status.IsReady(obj.Status.Conditions, obj.Generation) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, status.SetReady(ctx, r.Client, &obj)
}

func (r *GadgetReconciler) label(ctx context.Context, obj *apiv1.Gadget) error {
	patch := client.MergeFrom(obj.DeepCopy())
	if obj.Labels == nil {
		obj.Labels = map[string]string{}
	}
	obj.Labels["bench.example.com/c{{.Index}}"] = "true"
	return r.Client.Patch(ctx, obj, patch)
}

func (r *GadgetReconciler) flush(ctx context.Context, obj *apiv1.Gadget) error {
	if r.Writer == nil {
		return nil
	}
	return r.Writer.Flush(ctx, obj)
}

// SetupWithManager registers the reconciler.
func (r *GadgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Gadget{}).
		Named("gadget-c{{.Index}}").
		Complete(r)
}

// NewDoohickeyReconciler returns a function reconciler for Doohickeys that
// does it right: it patches the status from a base copied after the Get.
func NewDoohickeyReconciler(c client.Client) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var obj apiv1.Doohickey
		if err := c.Get(ctx, req.NamespacedName, &obj); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		base := obj.DeepCopy()
		obj.Status.Ready = len(obj.Spec.Items) > 0
		obj.Status.Message = validate(&obj.Spec)
		return reconcile.Result{}, status.PatchReady(ctx, c, &obj, base)
	})
}

func validate(spec *apiv1.DoohickeySpec) string {
	switch {
	case spec.Replicas < 0:
		return "negative replicas"
	case spec.Color == "":
		return "no color"
	case len(spec.Selector) == 0:
		return "no selector"
	}
	for i, it := range spec.Items {
		if it == "" {
			return fmt.Sprintf("item %d is empty", i)
		}
	}
	return ""
}
`)

var utilTmpl = mustParse("util", `// Package u{{.Index}} is plain Go: it does not import controller-runtime.
package u{{.Index}}

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
{{if .K8s}}
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/sets"
{{end}}
{{- range .Imports}}
	u{{.}} "{{module}}/internal/util/u{{.}}"
{{- end}}
)

// ErrEmpty is returned for empty input.
var ErrEmpty = errors.New("u{{.Index}}: empty input")

// Describe names a thing and counts its items.
func Describe(name string, n int) string {
	s := name + "#" + strconv.Itoa(n)
{{- range .Imports}}
	s += ";" + u{{.}}.Describe(name, n+{{.}})
{{- end}}
	return s
}

// Record is a unit of work.
type Record struct {
	ID     string            `+"`json:\"id\"`"+`
	Weight int               `+"`json:\"weight\"`"+`
	Tags   map[string]string `+"`json:\"tags,omitempty\"`"+`
	Parts  []string          `+"`json:\"parts,omitempty\"`"+`
}

// Store is a concurrent index of records.
type Store struct {
	mu   sync.RWMutex
	byID map[string]*Record
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{byID: make(map[string]*Record)} }

// Put adds or replaces r.
func (s *Store) Put(r *Record) error {
	if r == nil || r.ID == "" {
		return ErrEmpty
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byID[r.ID] = r
	return nil
}

// Get returns the record with id.
func (s *Store) Get(id string) (*Record, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r, ok := s.byID[id]
	return r, ok
}

// Sorted returns the records by descending weight, then ID.
func (s *Store) Sorted() []*Record {
	s.mu.RLock()
	out := make([]*Record, 0, len(s.byID))
	for _, r := range s.byID {
		out = append(out, r)
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Weight != out[j].Weight {
			return out[i].Weight > out[j].Weight
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// Encode writes the records as JSON.
func (s *Store) Encode() ([]byte, error) {
	return json.Marshal(s.Sorted())
}

// Decode reads records written by Encode.
func Decode(data []byte) (*Store, error) {
	var rs []*Record
	if err := json.Unmarshal(data, &rs); err != nil {
		return nil, fmt.Errorf("u{{.Index}}: %w", err)
	}
	s := NewStore()
	for _, r := range rs {
		if err := s.Put(r); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Map applies f to every element.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Filter keeps the elements for which keep is true.
func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// Set is a set of comparable values.
type Set[T comparable] map[T]struct{}

// Add adds xs.
func (s Set[T]) Add(xs ...T) {
	for _, x := range xs {
		s[x] = struct{}{}
	}
}

// Has reports membership.
func (s Set[T]) Has(x T) bool { _, ok := s[x]; return ok }

type state int

const (
	idle state = iota
	running
	done
	failed
)

func (s state) String() string {
	switch s {
	case idle:
		return "idle"
	case running:
		return "running"
	case done:
		return "done"
	case failed:
		return "failed"
	}
	return "state(" + strconv.Itoa(int(s)) + ")"
}

// Machine steps through the states.
type Machine struct {
	st    state
	trace []string
}

// Step advances the machine on ok.
func (m *Machine) Step(ok bool) string {
	switch {
	case m.st == idle:
		m.st = running
	case m.st == running && ok:
		m.st = done
	case m.st == running:
		m.st = failed
	}
	m.trace = append(m.trace, m.st.String())
	return strings.Join(m.trace, ">")
}
{{if .K8s}}
// Selects reports whether the selector built from sel matches lbls.
func Selects(sel map[string]string, lbls map[string]string) bool {
	return labels.SelectorFromSet(sel).Matches(labels.Set(lbls))
}

// Keys returns the sorted keys of m.
func Keys(m map[string]string) []string {
	return sets.List(sets.KeySet(m))
}
{{end}}
{{- range .Funcs}}
// Compute{{.}} folds the records' weights in a way of its own.
func Compute{{.}}(rs []*Record, bias int) (int, error) {
	if len(rs) == 0 {
		return 0, ErrEmpty
	}
	total := bias * {{add . 1}}
	for i, r := range rs {
		switch {
		case r.Weight%{{add . 2}} == 0:
			total += r.Weight / {{add . 2}}
		case len(r.Parts) > {{mod . 3}}:
			total -= len(r.Parts[{{mod . 3}}])
		default:
			total += i * {{add . 1}}
		}
		if v, ok := r.Tags["k{{.}}"]; ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				return 0, fmt.Errorf("record %s: tag k{{.}}: %w", r.ID, err)
			}
			total += n
		}
	}
	words := Map(rs, func(r *Record) string { return strings.ToUpper(r.ID) })
	words = Filter(words, func(w string) bool { return len(w) > {{mod . 4}} })
	return total + len(words), nil
}
{{end}}`)

var mainTmpl = mustParse("main", `// Command manager runs every controller of the synthetic operator.
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"

{{- range .APIs}}
	g{{.}}v1 "{{module}}/api/g{{.}}/v1"
{{- end}}
{{- range .Ctrls}}
	c{{.Index}} "{{module}}/internal/controller/c{{.Index}}"
{{- end}}
)

var (
	scheme   = runtime.NewScheme()
	setupLog = ctrl.Log.WithName("setup")
)

func init() {
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
{{- range .APIs}}
	utilruntime.Must(g{{.}}v1.AddToScheme(scheme))
{{- end}}
}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		setupLog.Error(err, "unable to create manager")
		os.Exit(1)
	}
	must := func(err error) {
		if err != nil {
			setupLog.Error(err, "unable to create controller")
			os.Exit(1)
		}
	}
{{- range .Ctrls}}
	must((&c{{.Index}}.WidgetReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr))
	must((&c{{.Index}}.GadgetReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr))
	must(builder.ControllerManagedBy(mgr).Named("doohickey-c{{.Index}}").For(&g{{.API}}v1.Doohickey{}).Complete(c{{.Index}}.NewDoohickeyReconciler(mgr.GetClient())))
{{- end}}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		setupLog.Error(err, "problem running manager")
		os.Exit(1)
	}
}
`)
