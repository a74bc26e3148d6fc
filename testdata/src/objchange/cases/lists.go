package cases

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// ---- Lists (BetweenList): what is done to any item counts.

// list pods
func listItemLabels(pods *corev1.PodList) { // want `^changed labels; maybe nothing; blocked: no$`
	for i := range pods.Items {
		pods.Items[i].Labels["a"] = "b"
	}
	done(&pods.Items[0])
}

// list pods
func listItemHelpers(pods corev1.PodList, owner *corev1.ConfigMap) { // want `^changed annotations and owner references; maybe nothing; blocked: no$`
	metav1.SetMetaDataAnnotation(&pods.Items[0].ObjectMeta, "a", "b")
	_ = controllerutil.SetControllerReference(owner, &pods.Items[1], nil)
	done(&pods.Items[2])
}

// The range's variable shares the item's maps.
//
// list pods
func listRangeValue(pods *corev1.PodList) { // want `^changed labels; maybe nothing; blocked: no$`
	for _, p := range pods.Items {
		p.Labels["a"] = "b"
	}
	done(&pods.Items[0])
}

// A change to the range variable's own memory is the copy's: the item
// is left as it was (the AST walker this replaced took it for the
// item's). Only the maps and slices the copy shares are the item's
// (listRangeValue).
//
// list pods
func listRangeSpec(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: no$`
	for _, p := range pods.Items {
		p.Spec.NodeName = "n"
	}
	done(&pods.Items[0])
}

// Reads: the range, its length, an item's name, a copy.
//
// list pods
func listReads(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: no$`
	names := make([]string, 0, len(pods.Items))
	for i, p := range pods.Items {
		if p.Labels["a"] == "b" {
			names = append(names, pods.Items[i].Name)
		}
	}
	_ = pods.Items[0].DeepCopy()
	done(&pods.Items[0])
}

// list pods
func listItemSpec(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: Spec is changed$`
	pods.Items[1].Spec.NodeName = "n" // want `blocked here`
	done(&pods.Items[0])
}

// list pods
func listAppended(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: Items is changed$`
	pods.Items = append(pods.Items, corev1.Pod{}) // want `blocked here`
	done(&pods.Items[0])
}

// list pods
func listItemStored(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: pods is stored elsewhere, whose changes are not followed$`
	held = &pods.Items[1] // want `blocked here`
	done(&pods.Items[0])
}

var held *corev1.Pod

// An item bound to a local is one of the objects.
//
// list pods
func listItemBound(pods *corev1.PodList) { // want `^changed labels; maybe nothing; blocked: no$`
	p := &pods.Items[1]
	p.Labels["team"] = "a"
	done(&pods.Items[0])
}

// list pods
func listAssigned(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: pods is assigned as a whole$`
	*pods = corev1.PodList{} // want `blocked here`
	done(&pods.Items[0])
}

// The list's own metadata is not sent with any object.
//
// list pods
func listMeta(pods *corev1.PodList) { // want `^changed nothing; maybe nothing; blocked: ListMeta is changed$`
	pods.ListMeta = metav1.ListMeta{} // want `blocked here`
	done(&pods.Items[0])
}
