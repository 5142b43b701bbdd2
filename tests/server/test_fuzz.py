"""Schemathesis against the server's own OpenAPI schema, on a real server (SQLite): generated
requests, valid and invalid, to every operation; every integer the schema names at its edges
(its bounds, one past each, and numbers no bound allows); then the stateful phase, which
follows the schema's links from a created table (kingscourt/server/api/links.py: look at it, join
it by its invitation, take its open seat, start, cancel, leave, its record, replay, review and
rematch) so that it works on tables that exist. No answer may be a 500 or break the schema it
declares (status, headers, content type, body)."""

from __future__ import annotations

import collections
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis.errors import FlakyStrategyDefinition, Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.specs.openapi.checks import positive_data_acceptance  # noqa: E402

from .harness import Server  # noqa: E402

pytestmark = pytest.mark.slow  # seconds per test: left out of `make check`

#: examples per operation and generation mode (valid, invalid); the stateful phases' budgets
EXAMPLES = 25
STEPS = 50
TABLE_STEPS = 100
SETTINGS = settings(deadline=None, database=None, derandomize=True, print_blob=True,
                    suppress_health_check=list(HealthCheck),
                    phases=[Phase.explicit, Phase.generate])
#: integers past any bound a schema gives (a 64-bit integer's edges, and far beyond)
BEYOND = (2**63, -(2**63) - 1, 10**30, -(10**30))


class Fuzzed(Server):
    #: a table whose game is over (its id)
    finished_id = ""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    s = Fuzzed(f"sqlite:///{tmp / 'fuzz.sqlite3'}", tmp / "server.log")
    s.start()
    # one finished game, so that the statistics and /api/finished answer with rows
    t = s.create("king", [{"kind": "bot", "level": "random"}] * 4)
    deadline = time.monotonic() + 60
    while s.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not finish"
        time.sleep(0.2)
    s.finished_id = t["id"]
    yield s
    s.stop()


def test_every_operation_answers_as_its_schema_says(fuzzed: Server) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzzed.http}/openapi.json")
    operations = [r.ok() for r in schema.get_all_operations()]
    assert len(operations) >= 10
    for op in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(SETTINGS, max_examples=EXAMPLES)
            @given(case=op.as_strategy(generation_mode=mode))
            def check(case: schemathesis.Case) -> None:
                # every check but "a schema-valid request is accepted": the schema cannot say
                # which seats a game takes or which bot levels exist, the server answers 422
                case.call_and_validate(excluded_checks=[positive_data_acceptance])

            try:
                check()
            except Unsatisfiable:
                # no parameters and no body: nothing to make invalid
                assert mode is GenerationMode.NEGATIVE, op.label


# --- integers at the schema's edges --------------------------------------------------------------

def integer_schema(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The integer (or number) branch of a parameter's or property's schema, if it has one."""
    if schema.get("type") in ("integer", "number"):
        return schema
    for branch in schema.get("anyOf", []):
        if branch.get("type") in ("integer", "number"):
            return dict(branch)
    return None


def edges(schema: dict[str, Any]) -> list[int | float]:
    """A number schema's bounds, one past each, and :data:`BEYOND`."""
    out: list[int | float] = list(BEYOND)
    step = 1 if schema.get("type") == "integer" else 1e-9
    for key, inside in (("minimum", 0), ("maximum", 0), ("exclusiveMinimum", step),
                        ("exclusiveMaximum", -step)):
        if key in schema:
            bound = schema[key]
            out += [bound + inside, bound + inside - step, bound + inside + step]
    return out


def parameter_value(spec: dict[str, Any], fuzzed: Fuzzed) -> Any:
    """A plausible value of a parameter that is not under test: a finished table, a name, the
    smallest number the schema allows."""
    name, schema = spec["name"], spec.get("schema", {})
    if name == "table_id":
        return fuzzed.finished_id
    number = integer_schema(schema)
    if number is not None:
        return number.get("minimum", 0)
    return {"lang": "en", "name": "Zoe"}.get(name, "x")


def body_of(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """A request body the schema accepts: its first example, or its required properties with
    plain values."""
    if schema.get("examples"):
        return dict(schema["examples"][0])
    body: dict[str, Any] = {}
    for name in schema.get("required", []):
        prop = schema["properties"][name]
        number = integer_schema(prop)
        if number is not None:
            body[name] = number.get("minimum", 0)
        elif prop.get("type") == "boolean":
            body[name] = False
        else:
            body[name] = "Zoe" if name == "name" else "x"
    return body


def test_integers_at_the_schemas_edges(fuzzed: Fuzzed) -> None:
    spec = fuzzed.get("/openapi.json").json()
    schema = schemathesis.openapi.from_url(f"{fuzzed.http}/openapi.json")
    components = spec["components"]["schemas"]
    tried: collections.Counter[str] = collections.Counter()
    for result in schema.get_all_operations():
        op = result.ok()
        raw = spec["paths"][op.path][op.method.lower()]
        params = raw.get("parameters", [])
        body_ref = (raw.get("requestBody", {}).get("content", {}).get("application/json", {})
                    .get("schema", {}).get("$ref"))
        body_schema = components[body_ref.rsplit("/", 1)[1]] if body_ref else None
        base_body = body_of(body_schema, components) if body_schema else None

        def call(path: dict[str, Any], query: dict[str, Any], body: Any, what: str,
                 op: Any = op) -> None:
            kwargs: dict[str, Any] = {"path_parameters": path, "query": query}
            if body is not None:
                kwargs["body"] = body
                kwargs["media_type"] = "application/json"
            case = op.Case(**kwargs)
            response = case.call(base_url=fuzzed.http)
            assert response.status_code < 500, (op.label, what, response.status_code,
                                                response.text[:300])
            case.validate_response(response, excluded_checks=[positive_data_acceptance])
            tried[op.label] += 1

        def plain(where: str, params: list[dict[str, Any]] = params) -> dict[str, Any]:
            return {p["name"]: parameter_value(p, fuzzed) for p in params
                    if p["in"] == where and (p.get("required") or integer_schema(p["schema"]))}

        for p in params:
            number = integer_schema(p.get("schema", {}))
            if number is None:
                continue
            for value in edges(number):
                path, query = plain("path"), plain("query")
                (path if p["in"] == "path" else query)[p["name"]] = value
                call(path, query, base_body, f"{p['name']}={value}")
        for name, prop in (body_schema or {}).get("properties", {}).items():
            number = integer_schema(prop)
            inner = integer_schema((prop.get("additionalProperties") or {})
                                   if prop.get("type") == "object" else {})
            for value in edges(number or inner or {}) if (number or inner) else ():
                body = dict(base_body or {})
                body[name] = value if number is not None else {"must_beat": value}
                call(plain("path"), plain("query"), body, f"body {name}={value}")
    # the seat of a table's path, the pages, the replay's version and seat, a table's seed,
    # timer and rule numbers, an invitation's seat
    for label in ("POST /api/tables/{table_id}/seats/{seat}", "GET /api/tables",
                  "GET /api/tables/{table_id}/replay", "GET /api/tables/{table_id}/analysis",
                  "POST /api/tables", "POST /api/invitations", "GET /api/leaderboard"):
        assert tried[label] >= len(BEYOND), (label, tried)


# --- the stateful phase ----------------------------------------------------------------------------

def state_machine(schema: Any) -> Any:
    class Workflow(schema.as_state_machine()):  # type: ignore[misc]
        #: (operation, status) of every call whose table came through a link
        linked: ClassVar[collections.Counter[tuple[str, int]]] = collections.Counter()

        def after_call(self, response: Any, case: schemathesis.Case) -> None:
            super().after_call(response, case)
            # no generated id names a table: a table's operation that succeeds was given one
            # through a link
            if "table_id" in (case.path_parameters or {}):
                Workflow.linked[(case.operation.label, response.status_code)] += 1

        def validate_response(self, response: Any, case: schemathesis.Case,
                              additional_checks: Any = None, **kwargs: Any) -> None:
            case.validate_response(response, additional_checks=additional_checks,
                                   excluded_checks=[positive_data_acceptance],
                                   transport_kwargs=kwargs or None)

    return Workflow


def run_machine(workflow: Any, steps: int) -> None:
    """Run the state machine; the server keeps what earlier steps did (accounts, tables, rate
    counts), so which links have targets can differ when hypothesis replays a prefix, and it
    then stops with FlakyStrategyDefinition: a fault of the generator, not an answer of the
    server's. Such a run is started again, at most twice; a failed check fails at once."""
    for attempt in range(3):
        try:
            workflow.run(settings=settings(SETTINGS, max_examples=steps, stateful_step_count=6))
            return
        except FlakyStrategyDefinition:
            if attempt == 2:
                raise


def test_stateful_phase(fuzzed: Server) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzzed.http}/openapi.json")
    run_machine(state_machine(schema), STEPS)


def test_stateful_phase_follows_the_links_of_created_tables(fuzzed: Fuzzed) -> None:
    """The tables' operations alone, so that the links of the tables it creates are followed
    often: joined by their invitation, taken, started, cancelled, left, looked at."""
    schema = schemathesis.openapi.from_url(f"{fuzzed.http}/openapi.json")
    workflow = state_machine(schema.include(path_regex="^/api/tables"))
    run_machine(workflow, TABLE_STEPS)
    done = collections.Counter()
    for (label, status), n in workflow.linked.items():
        if status < 300:
            done[label] += n
    # which linked calls succeed depends on what earlier steps left on the server (a seat taken,
    # a table started): the tables it created are looked at, and linked calls succeed
    assert "GET /api/tables/{table_id}" in done, workflow.linked
    assert sum(done.values()) >= 10, workflow.linked
