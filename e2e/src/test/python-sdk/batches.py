"""The stock openai-python SDK against a running suite: a batch file uploaded, a batch of image requests made of it and
followed to its end, its output and error files read back, the batch found in the list, and a batch for an endpoint
the file's lines do not name failed with its reasons. Prints one JSON object of what it saw; BatchesIT asserts on it.

Usage: python batches.py <base URL of the API, e.g. http://127.0.0.1:8080/v1> <API key> <a scratch folder>
"""
import json
import pathlib
import sys
import time

import openai

base_url, api_key, scratch = sys.argv[1:4]
client = openai.OpenAI(base_url=base_url, api_key=api_key, max_retries=0)


def line(i, url="/v1/images/generations", body=None):
    return json.dumps({"custom_id": f"py{i}", "method": "POST", "url": url,
                       "body": body or {"model": "local/pattern", "prompt": f"python tile {i}"}}) + "\n"


seen = {}
requests = pathlib.Path(scratch) / "python-requests.jsonl"
requests.write_text(line(0) + line(1) + line(2, body={"model": "local/pattern", "prompt": "x", "n": 99}))
with requests.open("rb") as f:
    uploaded = client.files.create(file=f, purpose="batch")
seen["file"] = uploaded.model_dump()
batch = client.batches.create(input_file_id=uploaded.id, endpoint="/v1/images/generations", completion_window="24h",
                              metadata={"from": "python"}, output_expires_after={"anchor": "created_at", "seconds": 3600})
seen["created"] = batch.model_dump()
deadline = time.time() + 120
while batch.status not in ("completed", "failed", "expired", "cancelled") and time.time() < deadline:
    time.sleep(0.5)
    batch = client.batches.retrieve(batch.id)
seen["ended"] = batch.model_dump()
seen["output"] = [json.loads(l) for l in client.files.content(batch.output_file_id).text.splitlines() if l.strip()]
seen["output_file"] = client.files.retrieve(batch.output_file_id).model_dump()
seen["errors"] = [json.loads(l) for l in client.files.content(batch.error_file_id).text.splitlines() if l.strip()]
seen["listed"] = [b.id for b in client.batches.list(limit=1).data]
seen["listed_all"] = [b.id for b in client.batches.list(limit=2)]  # iterating a page follows the pages after it

with requests.open("rb") as f:
    videos = client.files.create(file=("for-images.jsonl", f.read()), purpose="batch")
wrong = client.batches.create(input_file_id=videos.id, endpoint="/v1/videos", completion_window="24h")
seen["wrong"] = wrong.model_dump()
try:
    client.batches.create(input_file_id=uploaded.id, endpoint="/v1/images/generations", completion_window="24h",
                          extra_body={"priority": "high"})
    seen["refused"] = None
except openai.BadRequestError as e:
    seen["refused"] = {"status": e.status_code, "param": e.param}
print(json.dumps(seen))
