"""Every request body the bot sends is checked twice: Discord's documented limits (`limits.py`),
and, when `<project root>/../shared/discord-api-spec/openapi.json` exists, the request schema of
the matching OpenAPI operation (JSON Schema 2020-12, validated with `jsonschema`).

The spec is 1.2 MB: it is loaded and indexed once per process (`load_spec`). When the file is
absent the schema check is skipped; the limit checks always run. Schema problems start with
"schema:" so the fake can tell them from limit problems (which Discord itself would reject).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

from tests.fake_discord import limits

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = PROJECT_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"
SPEC_URI = "urn:discord-openapi"
#: Discord's default upload limit (the fake's INTERACTION_CREATE says the same).
DEFAULT_SIZE_LIMIT = 10 * 1024 * 1024

MESSAGE_ROUTES = {
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}
COMMAND_ROUTES = {
    ("PUT", "/applications/{application_id}/commands"): True,
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): False,
}
THREAD_ROUTES = {
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("POST", "/channels/{channel_id}/threads"),
}


class OpenApiSpec:
    """Discord's OpenAPI description, indexed by (method, path with anonymous parameters)."""

    def __init__(self, spec: dict[str, Any]) -> None:
        from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        self.spec = _widen_known_strictness(spec)
        self.registry = Registry().with_resource(
            SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
        )
        self._validator_class = _remembering_one_of(Draft202012Validator, self._resolve_local)
        self.operations: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
        for path, item in spec["paths"].items():
            for method, operation in item.items():
                if isinstance(operation, dict) and "responses" in operation:
                    self.operations[(method.upper(), _anonymous(path))] = (path, operation)
        self._validators: dict[str, Any] = {}

    def request_schema(self, method: str, route: str) -> tuple[str, dict[str, Any]] | None:
        """The application/json request schema for a route template, and the spec's path."""
        found = self.operations.get((method, _anonymous(route)))
        if found is None:
            return None
        path, operation = found
        content = operation.get("requestBody", {}).get("content", {})
        schema = content.get("application/json")
        return (path, schema["schema"]) if schema else None

    def validate_response(self, method: str, route: str, status: int, body: Any) -> list[str]:
        """Check one of the fake's own answers against the spec's response schema (the fake's
        self-test: it must answer in Discord's shape)."""
        found = self.operations.get((method, _anonymous(route)))
        if found is None:
            return []
        responses = found[1]["responses"]
        response = responses.get(str(status)) or responses.get(f"{status // 100}XX") or {}
        if isinstance(response.get("$ref"), str):  # e.g. 4XX: #/components/responses/ClientErrorResponse
            response = self._resolve_local(response["$ref"]) or {}
        schema = response.get("content", {}).get("application/json", {}).get("schema")
        if schema is None:
            return []
        validator = self._validator(json.dumps(schema, sort_keys=True), schema)
        return [_describe(error) for error in _top_errors(validator, body)]

    def validate(self, method: str, route: str, body: Any) -> list[str]:
        found = self.request_schema(method, route)
        if found is None:
            return []
        _path, schema = found
        schema = self._pick_union_branch(schema, body)
        validator = self._validator(json.dumps(schema, sort_keys=True), schema)
        return [_describe(error) for error in _top_errors(validator, body)]

    def _pick_union_branch(self, schema: dict[str, Any], body: Any) -> dict[str, Any]:
        """For `anyOf` unions keyed by `type` (interaction callbacks), validate the one branch that
        matches the body's type, so errors are precise instead of "not valid under any"."""
        if "anyOf" not in schema or not isinstance(body, dict) or "type" not in body:
            return schema
        for branch in schema["anyOf"]:
            ref = branch.get("$ref", "")
            target = self._resolve_local(ref)
            enum = ((target or {}).get("properties", {}).get("type") or {}).get("enum")
            if enum and body["type"] in enum:
                chosen: dict[str, Any] = branch
                return chosen
        return schema

    def _resolve_local(self, ref: str) -> dict[str, Any] | None:
        if not ref.startswith("#/"):
            return None
        node: Any = self.spec
        for part in ref[2:].split("/"):
            node = node.get(part) if isinstance(node, dict) else None
        return node if isinstance(node, dict) else None

    def _validator(self, key: str, schema: dict[str, Any]) -> Any:
        if key not in self._validators:
            rooted = {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": SPEC_URI + "-request",
                **_rebase(schema),
            }
            self._validators[key] = self._validator_class(rooted, registry=self.registry)
        return self._validators[key]


def _remembering_one_of(base: Any, resolve_local: Any) -> Any:
    """`base` with a `oneOf` that gives the same verdicts and errors, faster.

    Discord's component unions are `oneOf`s of a dozen object schemas, and every integer enum is a
    `oneOf` of constants, so a table of 30 buttons meant thousands of branch checks per payload
    (three quarters of an e2e test's time). Two exact shortcuts, both falling back to the plain
    keyword whenever the answer is not a clean pass, so failures read as before:

    - a branch whose `type` property allows only other values than the instance's `type` cannot
      match, so it is not tried;
    - an instance found valid under a `oneOf` once is valid under it again (validation is a pure
      function of schema and instance), so passes are remembered by the instance's JSON.
    """
    from jsonschema import _keywords, validators

    plain_one_of = _keywords.oneOf
    passes: set[tuple[int, str]] = set()
    allowed_types: dict[int, list[Any] | None] = {}

    def allowed_type_values(branch: dict[str, Any]) -> list[Any] | None:
        if id(branch) not in allowed_types:
            target: Any = branch
            ref = branch.get("$ref")
            if isinstance(ref, str) and "#" in ref:
                target = resolve_local("#" + ref.split("#", 1)[1])
            kind = ((target or {}).get("properties") or {}).get("type") if isinstance(target, dict) else None
            enum = kind.get("enum") if isinstance(kind, dict) else None
            allowed_types[id(branch)] = list(enum) if isinstance(enum, list) else None
        return allowed_types[id(branch)]

    def cannot_match(branch: Any, instance: Any) -> bool:
        if not isinstance(branch, dict) or not isinstance(instance, dict) or "type" not in instance:
            return False
        kind = instance["type"]
        if not isinstance(kind, int) or isinstance(kind, bool):
            return False
        allowed = allowed_type_values(branch)
        return allowed is not None and kind not in allowed

    def one_of(validator: Any, branches: list[Any], instance: Any, schema: Any) -> Any:
        key = (id(branches), json.dumps(instance, sort_keys=True, default=repr))
        if key in passes:
            return
        matching = 0
        for branch in branches:
            if cannot_match(branch, instance):
                continue
            if next(validator.descend(instance, branch), None) is None:
                matching += 1
                if matching > 1:
                    break
        if matching == 1:
            passes.add(key)
            return
        yield from plain_one_of(validator, branches, instance, schema)

    return validators.extend(base, {"oneOf": one_of})


def _widen_known_strictness(spec: dict[str, Any]) -> dict[str, Any]:
    """Where the spec is stricter than Discord itself, follow Discord (in memory, never the file).

    Snowflakes: the spec says strings only, but Discord takes JSON integers too, and discord.py
    sends integers for new attachments' ids (`File.to_dict(index)`) and `allowed_mentions.users`.
    """
    schemas = spec["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return spec


def _rebase(schema: Any) -> Any:
    """Point local refs (#/components/...) at the registered spec resource."""
    if isinstance(schema, dict):
        return {
            k: (SPEC_URI + v if k == "$ref" and isinstance(v, str) and v.startswith("#") else _rebase(v))
            for k, v in schema.items()
        }
    if isinstance(schema, list):
        return [_rebase(v) for v in schema]
    return schema


def _anonymous(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "{}", path)


def _top_errors(validator: Any, body: Any) -> list[Any]:
    """At most three errors, each narrowed to the branch of a oneOf/anyOf the body meant."""
    return [_narrow(error) for error in list(validator.iter_errors(body))[:3]]


def _narrow(error: Any) -> Any:
    """Inside a union, follow the branch whose discriminator (`type`) matched, else the deepest."""
    while error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)

        def mismatched_type(errors: list[Any]) -> bool:
            return any(
                e.validator in ("enum", "const") and list(e.relative_path)[-1:] == ["type"] for e in errors
            )

        candidates = [errs for errs in branches.values() if not mismatched_type(errs)] or list(
            branches.values()
        )
        chosen = max(candidates, key=lambda errs: max(len(e.absolute_path) for e in errs))
        error = max(chosen, key=lambda e: len(e.absolute_path))
    return error


def _describe(error: Any) -> str:
    where = "/" + "/".join(str(p) for p in error.absolute_path)
    return f"schema: at {where}: {error.message[:300]}"


@functools.lru_cache(maxsize=1)
def load_spec(path: Path = SPEC_PATH) -> OpenApiSpec | None:
    """The indexed spec, loaded once per process; None when the file is not there."""
    if not path.is_file():
        return None
    return OpenApiSpec(json.loads(path.read_text(encoding="utf-8")))


class PayloadChecker:
    """Limits always; the OpenAPI schema when a spec is given."""

    def __init__(
        self, spec: OpenApiSpec | None, size_limit: int = DEFAULT_SIZE_LIMIT, *, enabled: bool = True
    ) -> None:
        self.spec = spec
        self.size_limit = size_limit
        self.enabled = enabled

    @classmethod
    def disabled(cls) -> PayloadChecker:
        """No checks at all (for load benchmarks, where the checks' CPU would skew the figures)."""
        return cls(None, enabled=False)

    def check(
        self,
        method: str,
        route: str,
        body: Any,
        files: list[dict[str, Any]],
        query: dict[str, str],
        *,
        existing: dict[str, Any] | None = None,
    ) -> list[str]:
        """Problems with one request body; `existing` is the message an edit (or a type-7 update,
        or the follow-up that fills a deferred answer) changes, as `FakeMessage.snapshot()`."""
        if not self.enabled:
            return []
        try:
            problems = self.check_limits(method, route, body, files, existing=existing)
        except (AttributeError, TypeError, ValueError, KeyError) as error:
            problems = [f"the payload is not shaped as Discord expects ({error!r})"]
        if self.spec is not None and body is not None and not isinstance(body, str):
            problems += self.spec.validate(method, route, body)
        return problems

    def check_limits(
        self,
        method: str,
        route: str,
        body: Any,
        files: list[dict[str, Any]],
        *,
        existing: dict[str, Any] | None = None,
    ) -> list[str]:
        key = (method, route)
        if key in MESSAGE_ROUTES and isinstance(body, dict):
            return limits.check_message(
                body,
                files,
                size_limit=self.size_limit,
                channel_message=route.startswith("/channels/"),
                existing=existing,
            )
        if key in MESSAGE_ROUTES and body is None and files:
            return limits.check_message({}, files, size_limit=self.size_limit, existing=existing)
        if route.endswith("/callback") and isinstance(body, dict):
            kind = body.get("type")
            data = body.get("data") or {}
            if kind == 4:
                return limits.check_message(data, files, size_limit=self.size_limit)
            if kind == 7:
                return limits.check_message(data, files, size_limit=self.size_limit, existing=existing)
            if kind in (5, 6) and data and set(data) - {"flags"}:
                return [f"a type {kind} (deferred) response carries only flags, not {sorted(data)}"]
            if kind == 9:
                return limits.check_modal(data)
            if kind == 8:
                return limits.check_autocomplete(data)
            if kind not in (1, 4, 5, 6, 7, 8, 9, 10, 12):
                return [f"unknown interaction callback type {kind!r}"]
            return []
        if key in COMMAND_ROUTES and isinstance(body, list):
            return limits.check_commands(body, global_scope=COMMAND_ROUTES[key])
        if key in THREAD_ROUTES and isinstance(body, dict):
            return limits.check_thread(body)
        return []
