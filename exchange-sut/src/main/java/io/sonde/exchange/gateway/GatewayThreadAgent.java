package io.sonde.exchange.gateway;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.CompositeAgent;

/**
 * The gateway's work and its FIX engine's on one thread, named for the gateway: how the gateway runs on the
 * matching service's thread when its engine is invoked rather than threaded.
 */
final class GatewayThreadAgent extends CompositeAgent
{
    GatewayThreadAgent(final Agent gateway, final Agent engine)
    {
        super(gateway, engine);
    }

    public String roleName()
    {
        return "exchange-gateway";
    }
}
