// Package objchange classifies what code does to a controller-runtime
// object between its load and a write: each use of the object, followed
// through the package's functions and closures it is handed to, is a read,
// a change of some part of it, or a hand-over whose effect cannot be seen.
// Each pass keeps its own meaning as a rule on top.
//
// The classification is on SSA (follow.go): a Follower walks what each
// instruction does to the object's memory and hands each Use to the asking
// pass's Rule. The questions asked of it:
//
//   - conditions and statuswrites rank the other changes of a written
//     status with rules of their own;
//   - StatusChange (region.go): may anything between two points change the
//     status? statusupdate's snapshots after reloads, and the copies
//     internal/fixes takes as loaded;
//   - Unchanged and ParamUnchanged: is a kept copy still the object as
//     loaded? internal/fixes' patch bases;
//   - ManagedFieldsChange: does a merge patch send managed fields alone?
//     fieldmanager;
//   - Metadata (metadata.go): what does an Update send besides changes to
//     the labels, annotations, owner references and finalizers, and what
//     does a function do to the object or map it is handed? objectupdate,
//     with its facts for other packages' functions.
//
// SSA, not the AST, serves all of them: conditions needs the values stored
// (a timestamp from the clock against observedGeneration = generation),
// paths and callers, which are SSA's representation and which the AST can
// only imitate, as the walker on the AST this package had until objectupdate
// moved did with the locals bound to parts of the object and the objects a
// range binds. Every pass already requires reconcilepath, which builds the
// SSA, and instructions keep the positions of their syntax, so textual
// fixes can still find the statement a change is made in.
package objchange
