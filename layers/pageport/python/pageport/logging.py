"""One structured logger for the layer; handlers add the job ids they work on."""

from __future__ import annotations

from aws_lambda_powertools import Logger

logger = Logger(service="pageport")
