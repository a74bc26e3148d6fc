// Package equality is a signature-only stub of
// k8s.io/apimachinery/pkg/api/equality, for analyzer tests. As in the real
// package, Semantic is a conversion.Equalities whose DeepEqual method is
// promoted from third_party/forked/golang/reflect.Equalities.
package equality

import "k8s.io/apimachinery/pkg/conversion"

// Semantic can do semantic deep equality checks for API objects.
var Semantic = conversion.EqualitiesOrDie()
