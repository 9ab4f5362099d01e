package io.sonde.testcontainers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;

/**
 * Start-up is over when the container has exited, whatever its exit code: {@code sonde run} exits 1 when the system
 * under test missed an objective and 3 when the result is void, and both still leave a result to read. Unlike
 * Testcontainers' {@code OneShotStartupCheckStrategy}, which fails on any code but 0, this leaves judging the exit
 * code to {@link SondeLoadContainer}.
 */
final class RunToExit extends StartupCheckStrategy
{
    /**
     * @return successful once the container is no longer running.
     */
    public StartupStatus checkStartupState(final DockerClient dockerClient, final String containerId)
    {
        final InspectContainerResponse.ContainerState state = getCurrentState(dockerClient, containerId);
        if (Boolean.TRUE.equals(state.getRunning()) || state.getFinishedAt() == null ||
            state.getFinishedAt().startsWith("0001-"))
        {
            return StartupStatus.NOT_YET_KNOWN;
        }
        return StartupStatus.SUCCESSFUL;
    }
}
