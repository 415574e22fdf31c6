"""The stock openai-python SDK running a batch whose lines go through a provider's own batch API: a file of image
requests for one model uploaded, a batch made of it and followed to its end, its output file read back. Prints one JSON
object of what it saw; ProviderBatchesIT asserts on it.

Usage: python provider_batch.py <base URL of the API> <API key> <a scratch folder> <model> <marker for the prompts>
"""
import json
import pathlib
import sys
import time

import openai

base_url, api_key, scratch, model, marker = sys.argv[1:6]
client = openai.OpenAI(base_url=base_url, api_key=api_key, max_retries=0)

requests = pathlib.Path(scratch) / "provider-batch.jsonl"
requests.write_text("".join(json.dumps({"custom_id": f"p{i}", "method": "POST", "url": "/v1/images/generations",
                                        "body": {"model": model, "prompt": f"{marker} {i}", "size": "1024x1024"}}) + "\n"
                            for i in range(3)))
with requests.open("rb") as f:
    uploaded = client.files.create(file=f, purpose="batch")
batch = client.batches.create(input_file_id=uploaded.id, endpoint="/v1/images/generations", completion_window="24h")
deadline = time.time() + 120
while batch.status not in ("completed", "failed", "expired", "cancelled") and time.time() < deadline:
    time.sleep(0.5)
    batch = client.batches.retrieve(batch.id)
seen = {"ended": batch.model_dump()}
seen["output"] = [json.loads(l) for l in client.files.content(batch.output_file_id).text.splitlines() if l.strip()]
print(json.dumps(seen))
