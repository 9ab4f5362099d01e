package io.sonde.testcontainers;

import org.testcontainers.containers.GenericContainer;

import java.util.List;

/**
 * Where other containers on the same Docker network reach a container's port.
 */
final class ContainerEndpoints
{
    private ContainerEndpoints()
    {
    }

    /**
     * @param container     a container with a network.
     * @param containerPort the port inside it.
     * @param role          what the container is, for the message, e.g. {@code the exchange}.
     * @param exampleAlias  an alias to suggest, e.g. {@code exchange}.
     * @return {@code alias:port}: the last network alias given ({@code withNetworkAliases}), else the one
     *         Testcontainers made up.
     * @throws IllegalStateException when the container has no network.
     */
    static String networkEndpoint(final GenericContainer<?> container, final int containerPort, final String role,
        final String exampleAlias)
    {
        final List<String> aliases = container.getNetworkAliases();
        if (container.getNetwork() == null || aliases.isEmpty())
        {
            throw new IllegalStateException("networkEndpoint() needs " + role + " on a network: call " +
                "withNetwork(network) and, to choose its name, withNetworkAliases(\"" + exampleAlias + "\") before " +
                "it starts");
        }
        return aliases.get(aliases.size() - 1) + ":" + containerPort;
    }
}
