package io.sonde.testcontainers;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.testcontainers.containers.GenericContainer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Copies a folder out of a container, running or exited, as {@code docker cp} does: Docker hands it over as a tar
 * archive whose entries start with the folder's own name, which is dropped.
 */
final class ContainerFolders
{
    private ContainerFolders()
    {
    }

    /**
     * @param container     a created container (it may have exited).
     * @param containerPath an absolute folder inside it.
     * @param hostFolder    where its contents go, created if need be; files already there are replaced.
     * @return the number of files copied.
     * @throws UncheckedIOException when a file cannot be written.
     * @throws com.github.dockerjava.api.exception.NotFoundException when the container has no such folder.
     */
    static int copy(final GenericContainer<?> container, final String containerPath, final Path hostFolder)
    {
        final Path root = hostFolder.toAbsolutePath().normalize();
        int files = 0;
        try (InputStream archive = container.getDockerClient()
            .copyArchiveFromContainerCmd(container.getContainerId(), containerPath).exec();
            TarArchiveInputStream tar = new TarArchiveInputStream(archive))
        {
            Files.createDirectories(root);
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null)
            {
                final String name = entry.getName();
                final int slash = name.indexOf('/');
                final String relative = slash < 0 ? "" : name.substring(slash + 1);
                if (relative.isEmpty())
                {
                    continue;
                }
                final Path target = root.resolve(relative).normalize();
                if (!target.startsWith(root))
                {
                    throw new IOException("archive entry '" + name + "' points outside " + root);
                }
                if (entry.isDirectory())
                {
                    Files.createDirectories(target);
                }
                else if (entry.isFile())
                {
                    Files.createDirectories(target.getParent());
                    Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                    files++;
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("copying " + containerPath + " out of container " +
                container.getContainerId() + " to " + root + ": " + ex.getMessage(), ex);
        }
        return files;
    }
}
