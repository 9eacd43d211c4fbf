// Package thor is flowbench's websocket simulator bridge. It speaks the
// flowbench-thor protocol (docs/protocol.md): JSON requests that use
// AI2-THOR's action and argument names, replies that carry AI2-THOR event
// metadata, and rendered images as typed binary messages.
//
// Server exposes the built-in simulator (sim.Scene) and rasterizer
// (render.Renderer) over the protocol; it is what "flowbench serve" runs.
// Client implements planner.Simulator on top of any server that speaks the
// protocol: this package's Server, the Blender bridge
// (bridge/blender_bridge.py) or the AI2-THOR bridge (bridge/ai2thor_bridge.py).
package thor
