package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"flowbench/sim"
)

// viewFlags are the scene, camera and output flags that render and flow share.
type viewFlags struct {
	scene, camera, out *string
	size               *int
	fov                *float64
	assets             *string
}

// addViewFlags defines --scene, --camera, --size, --fov, --out and --assets on fs.
func addViewFlags(fs *pflag.FlagSet) *viewFlags {
	return &viewFlags{
		scene:  fs.String("scene", "", "ProcTHOR house JSON file (required)"),
		camera: fs.String("camera", "", "camera pose x,y,z,yaw,horizon: eye position in metres (y = eye height), yaw and horizon in degrees (required)"),
		size:   boundedInt(fs, "size", sim.DefaultSize, 1, maxViewSize, "image width and height in pixels"),
		fov:    boundedFloat(fs, "fov", sim.DefaultFOV, 1, 179, "vertical field of view in degrees"),
		out:    fs.String("out", "", "output directory (required)"),
		assets: addAssetsFlag(fs),
	}
}

// check reports a missing or out-of-range shared flag as a usage error.
func (v *viewFlags) check() error {
	switch {
	case *v.scene == "":
		return fmt.Errorf("%w: --scene is required", errUsage)
	case *v.out == "":
		return fmt.Errorf("%w: --out is required", errUsage)
	case *v.camera == "":
		return fmt.Errorf("%w: --camera is required (x,y,z,yaw,horizon)", errUsage)
	}
	if _, err := parseCameraPose(*v.camera); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return nil
}

// load reads the scene and builds the camera, rejecting a camera that cannot
// form an image or stands inside an object or wall, or outside every room.
func (v *viewFlags) load() (*sim.Scene, sim.Camera, error) {
	pose, err := parseCameraPose(*v.camera)
	if err != nil {
		return nil, sim.Camera{}, fmt.Errorf("%w: %v", errUsage, err)
	}
	scene, _, err := sim.LoadHouseFile(*v.scene, sim.ImportOptions{})
	if err != nil {
		return nil, sim.Camera{}, fmt.Errorf("--scene %s: %w", *v.scene, err)
	}
	lib, err := openAssets(*v.assets)
	if err != nil {
		return nil, sim.Camera{}, err
	}
	if dress := dresser(lib); dress != nil {
		dress(scene)
	}
	cam := sim.Camera{Position: sim.Vec3{pose[0], pose[1], pose[2]}, Yaw: pose[3], Horizon: pose[4], FOV: *v.fov, Width: *v.size, Height: *v.size}
	if err := cam.Validate(); err != nil {
		return nil, cam, fmt.Errorf("--camera %s: %w", *v.camera, err)
	}
	if err := checkCameraPlacement(scene, cam.Position); err != nil {
		return nil, cam, fmt.Errorf("--camera %s: %w", *v.camera, err)
	}
	return scene, cam, nil
}
