"""Schemathesis against the server's own OpenAPI schema, on a real server (SQLite): generated
requests, valid and invalid, to every operation, then its stateful phase (create a table,
then follow the schema's links: look at it, join, take, leave, its record). No answer may be
a 500 or break the schema it declares (status, headers, content type, body)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.specs.openapi.checks import positive_data_acceptance  # noqa: E402

from .harness import Server  # noqa: E402

pytestmark = pytest.mark.slow  # seconds per test: left out of `make check`

#: examples per operation and generation mode (valid, invalid); the stateful phase's budget
EXAMPLES = 25
STEPS = 50
SETTINGS = settings(deadline=None, database=None, derandomize=True, print_blob=True,
                    suppress_health_check=list(HealthCheck),
                    phases=[Phase.explicit, Phase.generate])


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    s = Server(f"sqlite:///{tmp / 'fuzz.sqlite3'}", tmp / "server.log").start()
    # one finished game, so that the statistics and /api/finished answer with rows
    t = s.create("king", [{"kind": "bot", "level": "random"}] * 4)
    deadline = time.monotonic() + 60
    while s.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not finish"
        time.sleep(0.2)
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


def test_stateful_phase(fuzzed: Server) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzzed.http}/openapi.json")

    class Workflow(schema.as_state_machine()):  # type: ignore[misc]
        def validate_response(self, response: Any, case: schemathesis.Case,
                              additional_checks: Any = None, **kwargs: Any) -> None:
            case.validate_response(response, additional_checks=additional_checks,
                                   excluded_checks=[positive_data_acceptance],
                                   transport_kwargs=kwargs or None)

    Workflow.run(settings=settings(SETTINGS, max_examples=STEPS, stateful_step_count=6))
