package sarif

// The subset of the SARIF 2.1.0 object model that statuslint writes, with
// the property names of the schema. Optional properties are omitted when
// empty; the arrays that GitHub requires (rules, results) are written even
// when empty.

type log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []run  `json:"runs"`
}

type run struct {
	Tool               tool                        `json:"tool"`
	OriginalURIBaseIDs map[string]artifactLocation `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Results            []result                    `json:"results"`
}

type tool struct {
	Driver toolComponent `json:"driver"`
}

type toolComponent struct {
	Name           string                `json:"name"`
	Version        string                `json:"version,omitempty"`
	InformationURI string                `json:"informationUri,omitempty"`
	Rules          []reportingDescriptor `json:"rules"`
}

type reportingDescriptor struct {
	ID                   string                    `json:"id"`
	Name                 string                    `json:"name,omitempty"`
	ShortDescription     *multiformatMessageString `json:"shortDescription,omitempty"`
	FullDescription      *multiformatMessageString `json:"fullDescription,omitempty"`
	Help                 *multiformatMessageString `json:"help,omitempty"`
	HelpURI              string                    `json:"helpUri,omitempty"`
	DefaultConfiguration *reportingConfiguration   `json:"defaultConfiguration,omitempty"`
}

type multiformatMessageString struct {
	Text string `json:"text"`
}

type reportingConfiguration struct {
	Level string `json:"level,omitempty"`
}

type result struct {
	RuleID           string     `json:"ruleId"`
	RuleIndex        *int       `json:"ruleIndex,omitempty"`
	Level            string     `json:"level"`
	Message          message    `json:"message"`
	Locations        []location `json:"locations"`
	RelatedLocations []location `json:"relatedLocations,omitempty"`
	Fixes            []fix      `json:"fixes,omitempty"`
}

type message struct {
	Text string `json:"text"`
}

type location struct {
	ID               *int              `json:"id,omitempty"`
	PhysicalLocation *physicalLocation `json:"physicalLocation,omitempty"`
	Message          *message          `json:"message,omitempty"`
}

type physicalLocation struct {
	ArtifactLocation artifactLocation `json:"artifactLocation"`
	Region           *region          `json:"region,omitempty"`
}

type artifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type region struct {
	StartLine   int  `json:"startLine"`
	StartColumn int  `json:"startColumn"`
	EndLine     int  `json:"endLine"`
	EndColumn   int  `json:"endColumn"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

type fix struct {
	Description     *message         `json:"description,omitempty"`
	ArtifactChanges []artifactChange `json:"artifactChanges"`
}

type artifactChange struct {
	ArtifactLocation artifactLocation `json:"artifactLocation"`
	Replacements     []replacement    `json:"replacements"`
}

type replacement struct {
	DeletedRegion   region           `json:"deletedRegion"`
	InsertedContent *artifactContent `json:"insertedContent,omitempty"`
}

type artifactContent struct {
	Text string `json:"text"`
}
