package main

import (
	"bytes"
	"fmt"
	"io"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/score"
)

// scoreViewpoint is score --family viewpoint: the replies of a predictions
// JSONL ({"id": question id, "response": text}) against a viewpoint
// split's questions, with CVT-Bench's metrics (docs/viewpoint.md).
func scoreViewpoint(data, split, predsPath, format, out string, stdout io.Writer) error {
	if format == "csv" {
		return fmt.Errorf("%w: --family viewpoint reports are md or json", errUsage)
	}
	if err := requireViewpointDataset(data); err != nil {
		return err
	}
	rows, err := export.ViewpointQuestions(data, split)
	if err != nil {
		return err
	}
	qs := make([]score.ViewpointQuestion, len(rows))
	for i, r := range rows {
		v, err := planner.ParseViewpoint(r.Viewpoint)
		if err != nil {
			return fmt.Errorf("dataset %s question %s: %w", data, r.ID, err)
		}
		truth := make([]planner.ViewRelation, len(r.Answer))
		for k, a := range r.Answer {
			truth[k] = planner.ViewRelation(a)
		}
		qs[i] = score.ViewpointQuestion{ID: r.ID, Scene: r.SceneID, Subject: int(r.Subject), Object: int(r.Object),
			View: v, Step: int(r.Step), Truth: truth}
	}
	preds, err := score.ReadPredictionsFile(predsPath)
	if err != nil {
		return err
	}
	replies := map[string]string{}
	for _, p := range preds {
		if _, dup := replies[p.ID]; dup {
			return fmt.Errorf("%s line %d: a second prediction for %s (the viewpoint family has no answer shuffles)", predsPath, p.Line, p.ID)
		}
		replies[p.ID] = p.Response
	}
	res, err := score.ScoreViewpoint(qs, replies)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if format == "json" {
		err = res.WriteJSON(&buf)
	} else {
		err = res.WriteMarkdown(&buf)
	}
	if err != nil {
		return err
	}
	return writeOutput(out, buf.Bytes(), stdout)
}

// requireViewpointDataset checks that --data names a viewpoint-family
// dataset (a usage error otherwise).
func requireViewpointDataset(data string) error {
	if data == "" {
		return fmt.Errorf("%w: missing the dataset argument", errUsage)
	}
	fam, err := export.DatasetFamily(data)
	if err != nil {
		return err
	}
	if fam != export.FamilyViewpoint {
		return fmt.Errorf("%w: %s is not a viewpoint-family dataset (generate --family viewpoint)", errUsage, data)
	}
	// The manifest check every reader runs (export.CheckDataset runs it for
	// the motion family): the schema, before any field is trusted.
	return export.CheckManifestFile(data)
}
