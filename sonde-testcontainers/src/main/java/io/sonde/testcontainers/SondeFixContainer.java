package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * What every container that serves FIX from the one image shares: the FIX port, exposed and reached from this JVM
 * ({@link #fixEndpoint()}) or from containers on the same network ({@link #networkEndpoint()}), and how its busy
 * threads wait ({@link #withIdle(IdleMode)}, {@code BACKOFF} unless given, since a test's containers share the
 * host's cores).
 *
 * @param <SELF> the concrete container, returned by every setter.
 */
public abstract class SondeFixContainer<SELF extends SondeFixContainer<SELF>> extends GenericContainer<SELF>
{
    private final int fixPortInside;
    private final String what;
    private final String defaultAlias;
    private IdleMode idle = IdleMode.BACKOFF;

    /**
     * @param fixPortInside the FIX port inside the container.
     * @param what          what it is, for errors, e.g. {@code the exchange}.
     * @param defaultAlias  the network alias its documentation suggests, for errors.
     */
    SondeFixContainer(
        final DockerImageName image, final int fixPortInside, final String what, final String defaultAlias)
    {
        super(image);
        this.fixPortInside = fixPortInside;
        this.what = what;
        this.defaultAlias = defaultAlias;
        withExposedPorts(fixPortInside);
        withSharedMemorySize(SondeImage.SHARED_MEMORY_BYTES);
    }

    /**
     * @param idle how the container's busy threads wait: {@code BACKOFF} unless given here; {@code AUTO} busy-spins
     *             them when they fit in the container's cores.
     * @return this container.
     * @throws IllegalArgumentException for a null mode.
     */
    public SELF withIdle(final IdleMode idle)
    {
        if (idle == null)
        {
            throw new IllegalArgumentException("withIdle needs a mode, e.g. IdleMode.BACKOFF");
        }
        this.idle = idle;
        return self();
    }

    /**
     * @return how the container's busy threads wait.
     */
    public IdleMode idle()
    {
        return idle;
    }

    /**
     * @return the host this JVM reaches the FIX port at, e.g. {@code localhost}.
     * @throws IllegalStateException when the container is not started.
     */
    public String fixHost()
    {
        return getHost();
    }

    /**
     * @return the host port the FIX port is mapped to.
     * @throws IllegalStateException when the container is not started.
     */
    public int fixPort()
    {
        return getMappedPort(fixPortInside);
    }

    /**
     * @return {@code host:port} for this JVM, e.g. {@code localhost:32771}: a FIX initiator's target here, or a
     *         {@link io.sonde.api.RunSpec}'s target for a run in this process.
     */
    public String fixEndpoint()
    {
        return fixHost() + ":" + fixPort();
    }

    /**
     * @return {@code alias:port} for containers on the same network: the last network alias given
     *         ({@code withNetworkAliases}), else the one Testcontainers made up; a {@link SondeLoadContainer}'s
     *         target.
     * @throws IllegalStateException when the container has no network ({@code withNetwork}).
     */
    public String networkEndpoint()
    {
        return ContainerEndpoints.networkEndpoint(this, fixPortInside, what, defaultAlias);
    }
}
