"""The base of the models read from character files: a key the model does not know is
an error (a misspelt field is reported, never silently dropped)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
