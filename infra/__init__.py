"""Pageport's CDK app: stacks and constructs (one per concern) built from pageport.routes."""
