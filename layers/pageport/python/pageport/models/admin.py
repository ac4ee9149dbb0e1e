"""The admin function's command payloads: one typed contract for `pageport admin` (local or
`--stage`), the deployed admin function and the stage file's deploy-time seed."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, TypeAdapter, ValidationError

from pageport.errors import ValidationFailed, field_error
from pageport.models.base import CamelModel

# organization_member.subject is varchar(50); Cognito subjects are UUIDs (36 characters).
MAX_SUBJECT_LEN = 50


def _subject(value: str) -> str:
    if not value.isprintable() or value != value.strip():
        raise ValueError("a subject is printable characters without surrounding spaces")
    return value


def _name(value: str) -> str:
    if not value.strip():
        raise ValueError("a name must not be blank")
    if "\x00" in value:  # PostgreSQL text cannot hold it
        raise ValueError("a name must not contain NUL")
    return value


Subject = Annotated[str, Field(min_length=1, max_length=MAX_SUBJECT_LEN), AfterValidator(_subject)]
Name = Annotated[str, Field(min_length=1, max_length=255), AfterValidator(_name)]  # varchar(255)


class CreateProject(CamelModel):
    """A new organization with one project and its members."""

    command: Literal["create-project"] = "create-project"
    organization: Name
    project: Name
    members: list[Subject] = Field(min_length=1)


class AddMember(CamelModel):
    """Members added to an existing organization (idempotent)."""

    command: Literal["add-member"] = "add-member"
    organization_id: int = Field(ge=1)
    members: list[Subject] = Field(min_length=1)


class ListTenants(CamelModel):
    """Every organization with its projects and members."""

    command: Literal["list"] = "list"


class Seed(CamelModel):
    """The stage file's first tenant: the organization (by name) and its project (by name) are
    created unless they exist, members added unless present; running it again changes nothing."""

    command: Literal["seed"] = "seed"
    organization: Name
    project: Name
    members: list[Subject] = Field(default_factory=list)


AdminCommand = Annotated[CreateProject | AddMember | ListTenants | Seed, Field(discriminator="command")]
_adapter: TypeAdapter[AdminCommand] = TypeAdapter(AdminCommand)


def parse_command(payload: Any) -> CreateProject | AddMember | ListTenants | Seed:
    """The command a payload names; ValidationFailed naming each bad field otherwise."""
    try:
        return _adapter.validate_python(payload)
    except ValidationError as exc:
        # The union names the command's fields after its tag; a bad tag is the `command` field's.
        details = [field_error(list(err["loc"][1:]) or ["command"], err["msg"]) for err in exc.errors()]
        raise ValidationFailed("The admin command is not valid.", details=details) from None


def admin_function_name(stage: str) -> str:
    """The deployed admin function's name, derived from the stage so that an operator's IAM
    policy and the CLI can name it before (and without) reading the stack."""
    return f"pageport-{stage}-admin"
