package sim

// This file holds the ProcTHOR house JSON format, schema "1.0.0", as read and
// written by flowbench and by AI2-THOR's CreateHouse action.

// SchemaVersion is the ProcTHOR house schema version flowbench reads and writes.
const SchemaVersion = "1.0.0"

// XYZ is a JSON point {"x","y","z"}.
type XYZ struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	Z float64 `json:"z"`
}

// Vec converts the point to a Vec3.
func (p XYZ) Vec() Vec3 { return Vec3{p.X, p.Y, p.Z} }

// ToXYZ converts a Vec3 to its JSON form.
func ToXYZ(v Vec3) XYZ { return XYZ{v[0], v[1], v[2]} }

// RGB is a JSON colour {"r","g","b"} with channels in [0,1].
type RGB struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// Material is a named material with an optional colour tint.
type Material struct {
	Name  string `json:"name,omitempty"`
	Color *RGB   `json:"color,omitempty"`
}

// House is a whole ProcTHOR house.
type House struct {
	Doors                []Door               `json:"doors"`
	Metadata             HouseMetadata        `json:"metadata"`
	Objects              []HouseObject        `json:"objects"`
	ProceduralParameters ProceduralParameters `json:"proceduralParameters"`
	Rooms                []Room               `json:"rooms"`
	Walls                []Wall               `json:"walls"`
	Windows              []Window             `json:"windows"`
}

// HouseMetadata holds the schema version and the agent's start pose.
type HouseMetadata struct {
	Agent      AgentPose            `json:"agent"`
	AgentPoses map[string]AgentPose `json:"agentPoses,omitempty"`
	RoomSpecID string               `json:"roomSpecId,omitempty"`
	Schema     string               `json:"schema"`
	Warnings   map[string]any       `json:"warnings,omitempty"`
}

// AgentPose is an agent's pose as AI2-THOR reports it: the agent body's
// position, its rotation (yaw in Rotation.Y, degrees) and the camera horizon.
type AgentPose struct {
	Horizon  float64 `json:"horizon"`
	Position XYZ     `json:"position"`
	Rotation XYZ     `json:"rotation"`
	Standing *bool   `json:"standing,omitempty"`
}

// Room is one room: its type and floor polygon (y = 0).
type Room struct {
	Ceilings      []any    `json:"ceilings"`
	Children      []any    `json:"children"`
	FloorMaterial Material `json:"floorMaterial"`
	FloorPolygon  []XYZ    `json:"floorPolygon"`
	ID            string   `json:"id"`
	RoomType      string   `json:"roomType"`
	Layer         string   `json:"layer,omitempty"`
}

// Wall is one side of a wall segment: ProcTHOR stores a zero-thickness quad
// per room side, with id "wall|<room>|x0|z0|x1|z1" (or "wall|exterior|...").
type Wall struct {
	Color    *RGB     `json:"color,omitempty"`
	ID       string   `json:"id"`
	Material Material `json:"material"`
	Polygon  []XYZ    `json:"polygon"`
	RoomID   string   `json:"roomId"`
	Layer    string   `json:"layer,omitempty"`
	// Empty marks an invisible wall side between two rooms joined as one open
	// space: AI2-THOR builds no geometry for it, and neither does the Scene.
	Empty bool `json:"empty,omitempty"`
}

// Door is a doorway cut into a wall. HolePolygon holds two corners (min, max)
// in wall-local coordinates: x along wall0 from the first vertex of wall0's
// polygon (as AI2-THOR builds holes), y up.
type Door struct {
	AssetID       string  `json:"assetId"`
	ID            string  `json:"id"`
	Openable      *bool   `json:"openable,omitempty"`
	Openness      float64 `json:"openness,omitempty"`
	Room0         string  `json:"room0"`
	Room1         string  `json:"room1"`
	Wall0         string  `json:"wall0"`
	Wall1         string  `json:"wall1"`
	HolePolygon   []XYZ   `json:"holePolygon"`
	AssetPosition XYZ     `json:"assetPosition"`
}

// Window is a window cut into a wall; the fields mean the same as for Door.
type Window = Door

// HouseObject is a placed object. Position is the centre of its axis-aligned
// bounding box; Rotation.Y is its yaw in degrees. Children rest on it.
type HouseObject struct {
	AssetID   string        `json:"assetId"`
	Children  []HouseObject `json:"children,omitempty"`
	ID        string        `json:"id"`
	Kinematic bool          `json:"kinematic"`
	Position  XYZ           `json:"position"`
	Rotation  XYZ           `json:"rotation"`
	Layer     string        `json:"layer,omitempty"`
	Material  *Material     `json:"material,omitempty"`
	// Color tints the asset (ProcTHOR randomises some small objects' colours).
	Color *RGB `json:"color,omitempty"`
	// IsOn, IsDirty and Openness are initial object states passed to AI2-THOR.
	IsOn     *bool    `json:"isOn,omitempty"`
	IsDirty  *bool    `json:"isDirty,omitempty"`
	Openness *float64 `json:"openness,omitempty"`
}

// ProceduralParameters holds house-wide rendering parameters.
type ProceduralParameters struct {
	CeilingColor           *RGB     `json:"ceilingColor,omitempty"`
	CeilingMaterial        Material `json:"ceilingMaterial"`
	FloorColliderThickness float64  `json:"floorColliderThickness"`
	Lights                 []Light  `json:"lights"`
	ReceptacleHeight       float64  `json:"receptacleHeight"`
	Reflections            []any    `json:"reflections"`
	SkyboxID               string   `json:"skyboxId"`
}

// Light is a light source of the house.
type Light struct {
	ID        string  `json:"id"`
	Type      string  `json:"type"`
	Intensity float64 `json:"intensity"`
	Position  XYZ     `json:"position"`
	Rotation  *XYZ    `json:"rotation,omitempty"`
	RGB       RGB     `json:"rgb"`
	Range     float64 `json:"range,omitempty"`
	// IndirectMultiplier, Shadow, Layer and CullingMaskOff are Unity light
	// settings that ProcTHOR writes and AI2-THOR reads; flowbench passes them through.
	IndirectMultiplier *float64     `json:"indirectMultiplier,omitempty"`
	Shadow             *LightShadow `json:"shadow,omitempty"`
	Layer              string       `json:"layer,omitempty"`
	CullingMaskOff     []string     `json:"cullingMaskOff,omitempty"`
}

// LightShadow is a Unity light's shadow settings.
type LightShadow struct {
	Type       string  `json:"type"`
	Strength   float64 `json:"strength"`
	NormalBias float64 `json:"normalBias"`
	Bias       float64 `json:"bias"`
	NearPlane  float64 `json:"nearPlane"`
	Resolution string  `json:"resolution"`
}
