"""Network: a VPC of isolated subnets only (no NAT, no internet), the endpoints the in-VPC
Lambdas call, and the security-group chain Lambda -> RDS Proxy -> database.

What runs inside: API route Lambdas, webhooks, dispatcher, dead-letter consumer, migrations.
What they call besides the database: S3 (gateway endpoint), SQS (send from API/dispatcher),
Secrets Manager (RDS Proxy reads the database credentials; the migration runner reads the master
and app secrets). IAM auth tokens are signed locally (no STS call); logs, metrics (EMF) and X-Ray
segments leave through the Lambda service itself.

The migration runner has its own group: it is the one function that reaches PostgreSQL directly
(the bootstrap, see infra/database.py); every other in-VPC function reaches only the proxy.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Validations
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.config import StageConfig

PROXY_PORT = 5432  # RDS Proxy always listens on the engine's default port


class Network(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, config: StageConfig) -> None:
        super().__init__(scope, construct_id)
        self.vpc = ec2.Vpc(
            self,
            "Vpc",
            ip_addresses=ec2.IpAddresses.cidr(config.vpc_cidr),
            availability_zones=list(config.availability_zones),  # pinned: no lookup at synth
            nat_gateways=0,
            subnet_configuration=[
                ec2.SubnetConfiguration(name="isolated", subnet_type=ec2.SubnetType.PRIVATE_ISOLATED, cidr_mask=22)
            ],
            restrict_default_security_group=True,
        )
        Validations.of(self.vpc).acknowledge(
            Acknowledgment(
                id="CloudFormation-Validate::W3010",
                reason="Availability zones are pinned in the stage file on purpose: looking "
                "them up would make synthesis call AWS.",
            )
        )
        self.subnets = ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_ISOLATED)
        flow_logs = logs.LogGroup(self, "FlowLogs", retention=logs.RetentionDays[config.log_retention])
        self.vpc.add_flow_log("FlowLog", destination=ec2.FlowLogDestination.to_cloud_watch_logs(flow_logs))

        # One group per hop; every rule is explicit (no allow-all egress anywhere).
        self.lambda_sg = self._group("LambdaSg", "In-VPC Pageport Lambdas")
        self.proxy_sg = self._group("ProxySg", "RDS Proxy: from the Lambdas, to the database")
        self.database_sg = self._group("DatabaseSg", "PostgreSQL: from the RDS Proxy only")
        self.endpoint_sg = self._group(
            "EndpointSg", "Interface endpoints: HTTPS from the Lambda, proxy and migration groups"
        )
        self.migrate_sg = self._group("MigrateSg", "Migration runner: PostgreSQL directly, and the endpoints")

        self.lambda_sg.connections.allow_to(self.proxy_sg, ec2.Port.tcp(PROXY_PORT), "Lambda to RDS Proxy")
        # Proxy -> database is not added here: DatabaseProxy (ProxyTarget.from_instance) adds that
        # pair itself; a second copy would make deleting either one later silently keep access.
        self.migrate_sg.connections.allow_to(
            self.database_sg, ec2.Port.tcp(config.database.port), "Migration runner to PostgreSQL (bootstrap)"
        )
        for client in (self.lambda_sg, self.proxy_sg, self.migrate_sg):
            client.connections.allow_to(self.endpoint_sg, ec2.Port.tcp(443), "to interface endpoints")

        self.vpc.add_gateway_endpoint("S3", service=ec2.GatewayVpcEndpointAwsService.S3, subnets=[self.subnets])
        # The S3 gateway endpoint is reached through the region's managed prefix list. Its id is
        # region-specific and looking it up at synth would call AWS, so it comes from the stage
        # file; without it, HTTPS egress is open to any address: with no NAT or internet gateway
        # the only HTTPS destinations routable from these subnets are the endpoints anyway.
        s3_peer = ec2.Peer.prefix_list(config.s3_prefix_list_id) if config.s3_prefix_list_id else ec2.Peer.any_ipv4()
        self.lambda_sg.add_egress_rule(s3_peer, ec2.Port.tcp(443), "HTTPS to the S3 gateway endpoint")
        self.interface_endpoints = {
            name: self.vpc.add_interface_endpoint(
                name,
                service=service,
                subnets=self.subnets,
                security_groups=[self.endpoint_sg],
                open=False,  # only the groups allowed above, not the whole VPC CIDR
                private_dns_enabled=True,
            )
            for name, service in (
                ("Sqs", ec2.InterfaceVpcEndpointAwsService.SQS),
                ("SecretsManager", ec2.InterfaceVpcEndpointAwsService.SECRETS_MANAGER),
                # The senders of worker messages mint each job's credentials (workers/scoped.py).
                ("Sts", ec2.InterfaceVpcEndpointAwsService.STS),
                # The creating route seals a page's sign-in details (kinds/page_import/sealing.py).
                ("Kms", ec2.InterfaceVpcEndpointAwsService.KMS),
            )
        }

    def _group(self, construct_id: str, description: str) -> ec2.SecurityGroup:
        return ec2.SecurityGroup(self, construct_id, vpc=self.vpc, description=description, allow_all_outbound=False)
