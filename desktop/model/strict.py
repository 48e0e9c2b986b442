"""The base of the models read from character files: a key the model does not know is
an error (a misspelt field is reported, never silently dropped).

Their validators are built on first use (``defer_build``), not as each class is made:
reading a character builds its model's validator once, with the parts it holds inside
it, where building each part's own validator too (most never used alone) cost 1-4 ms of
opening a file."""


from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
