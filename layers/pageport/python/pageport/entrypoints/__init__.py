"""Factories for the functions made once per kind from one shared handler each: every kind's
worker runs functions/worker, every kind's webhook functions/webhook, the kind named by
PAGEPORT_KIND (`pageport.kinds.from_environment`, read at cold start). `worker` and `webhook`
are separate modules so a worker never loads the webhook's database driver."""
