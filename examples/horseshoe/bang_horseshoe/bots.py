"""The box's players touch the horseshoe whenever it is offered: a life is never worse."""

from companion.bots.rules import declare_rule
from companion.engine import Accept

from . import TOUCH

declare_rule(TOUCH, lambda obs, table: Accept())
