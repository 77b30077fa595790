"""Runs compute shaders on a Vulkan device (lavapipe) with generically filled buffers and prints,
per module, the SHA-256 of every buffer after one dispatch (JSON, one line per module).

Input (JSON on stdin): {"layout": <reflect.reflect() result>, "modules": [path, ...],
"seed": int, "groups": [x, y, z]}, optionally "contents" (initial bytes of every buffer, hex,
instead of the seeded ones) and "dump" (the results then carry every buffer's bytes, hex).
Every module gets the same initial buffer contents."""

import hashlib
import json
import random
import struct
import sys

import vulkan as vk

FENCE_TIMEOUT_NS = 10_000_000_000


def initial_words(seed: int, count: int):
    """Seeded contents: small integers (usable as indexes) and short floats in [0.25, 8]."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        if rng.random() < 0.5:
            out.append(rng.randrange(16))
        else:
            out.append(struct.unpack("<I", struct.pack("<f", rng.randrange(1, 33) / 4))[0])
    return out


class Device:
    def __init__(self):
        app = vk.VkApplicationInfo(pApplicationName="spirvkit-lavapipe", apiVersion=vk.VK_MAKE_VERSION(1, 3, 0))
        self.instance = vk.vkCreateInstance(vk.VkInstanceCreateInfo(pApplicationInfo=app), None)
        physical = None
        for p in vk.vkEnumeratePhysicalDevices(self.instance):
            props = vk.vkGetPhysicalDeviceProperties(p)
            if props.deviceType == vk.VK_PHYSICAL_DEVICE_TYPE_CPU:
                physical = p
        if physical is None:
            raise RuntimeError("no CPU Vulkan device (lavapipe) found")
        self.physical = physical
        self.memory_props = vk.vkGetPhysicalDeviceMemoryProperties(physical)
        # Every feature the device has (16-bit storage, int64, float64, ...), robust access too.
        f13 = vk.VkPhysicalDeviceVulkan13Features()
        f12 = vk.VkPhysicalDeviceVulkan12Features(pNext=f13)
        f11 = vk.VkPhysicalDeviceVulkan11Features(pNext=f12)
        features = vk.VkPhysicalDeviceFeatures2(pNext=f11)
        vk.vkGetPhysicalDeviceFeatures2(physical, features)
        queue_family = 0
        for i, q in enumerate(vk.vkGetPhysicalDeviceQueueFamilyProperties(physical)):
            if q.queueFlags & vk.VK_QUEUE_COMPUTE_BIT:
                queue_family = i
                break
        queue_info = vk.VkDeviceQueueCreateInfo(queueFamilyIndex=queue_family, queueCount=1, pQueuePriorities=[1.0])
        self.device = vk.vkCreateDevice(physical, vk.VkDeviceCreateInfo(pNext=features, pQueueCreateInfos=[queue_info]), None)
        self.queue = vk.vkGetDeviceQueue(self.device, queue_family, 0)
        self.pool = vk.vkCreateCommandPool(self.device, vk.VkCommandPoolCreateInfo(queueFamilyIndex=queue_family), None)

    def buffer(self, size: int, data: bytes):
        usage = vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
        buf = vk.vkCreateBuffer(self.device, vk.VkBufferCreateInfo(size=size, usage=usage, sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE), None)
        req = vk.vkGetBufferMemoryRequirements(self.device, buf)
        want = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
        index = next(i for i in range(self.memory_props.memoryTypeCount)
                     if req.memoryTypeBits & (1 << i) and self.memory_props.memoryTypes[i].propertyFlags & want == want)
        mem = vk.vkAllocateMemory(self.device, vk.VkMemoryAllocateInfo(allocationSize=req.size, memoryTypeIndex=index), None)
        vk.vkBindBufferMemory(self.device, buf, mem, 0)
        mapped = vk.vkMapMemory(self.device, mem, 0, size, 0)
        mapped[:len(data)] = data
        return buf, mem, mapped

    def run(self, code: bytes, layout: dict, seed: int, groups, contents=None, dump=False):
        d = self.device
        created = []
        try:
            module = vk.vkCreateShaderModule(d, vk.VkShaderModuleCreateInfo(codeSize=len(code), pCode=code), None)
            created.append(lambda: vk.vkDestroyShaderModule(d, module, None))
            sets = sorted({b["set"] for b in layout["bindings"]})
            set_layouts = []
            for s in range(max(sets) + 1 if sets else 0):
                entries = [vk.VkDescriptorSetLayoutBinding(
                    binding=b["binding"],
                    descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER if b["storage"] else vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                    descriptorCount=b["count"], stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT)
                    for b in layout["bindings"] if b["set"] == s]
                sl = vk.vkCreateDescriptorSetLayout(d, vk.VkDescriptorSetLayoutCreateInfo(pBindings=entries or None), None)
                set_layouts.append(sl)
                created.append(lambda sl=sl: vk.vkDestroyDescriptorSetLayout(d, sl, None))
            pc = layout["push_constant_size"]
            ranges = [vk.VkPushConstantRange(stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT, offset=0, size=pc)] if pc else None
            pipeline_layout = vk.vkCreatePipelineLayout(d, vk.VkPipelineLayoutCreateInfo(pSetLayouts=set_layouts or None, pPushConstantRanges=ranges), None)
            created.append(lambda: vk.vkDestroyPipelineLayout(d, pipeline_layout, None))
            stage = vk.VkPipelineShaderStageCreateInfo(stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName=layout["entry"])
            pipeline = vk.vkCreateComputePipelines(d, None, 1, [vk.VkComputePipelineCreateInfo(stage=stage, layout=pipeline_layout)], None)[0]
            created.append(lambda: vk.vkDestroyPipeline(d, pipeline, None))
            total = sum(b["count"] for b in layout["bindings"])
            pool_sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=max(total, 1))
                          for t in (vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER)]
            pool = vk.vkCreateDescriptorPool(d, vk.VkDescriptorPoolCreateInfo(maxSets=max(len(set_layouts), 1), pPoolSizes=pool_sizes), None)
            created.append(lambda: vk.vkDestroyDescriptorPool(d, pool, None))
            descriptor_sets = vk.vkAllocateDescriptorSets(d, vk.VkDescriptorSetAllocateInfo(descriptorPool=pool, pSetLayouts=set_layouts)) if set_layouts else []
            buffers, writes = [], []
            for n, b in enumerate(layout["bindings"]):
                infos = []
                for e in range(b["count"]):
                    if contents is not None:
                        data = bytes.fromhex(contents[len(buffers)])
                    else:
                        words = initial_words(seed * 7919 + n * 131 + e, b["size"] // 4)
                        data = struct.pack(f"<{len(words)}I", *words)
                    buf, mem, mapped = self.buffer(b["size"], data)
                    created.append(lambda buf=buf, mem=mem: (vk.vkUnmapMemory(d, mem), vk.vkDestroyBuffer(d, buf, None), vk.vkFreeMemory(d, mem, None)))
                    buffers.append((b, mapped))
                    infos.append(vk.VkDescriptorBufferInfo(buffer=buf, offset=0, range=b["size"]))
                writes.append(vk.VkWriteDescriptorSet(
                    dstSet=descriptor_sets[b["set"]], dstBinding=b["binding"], descriptorCount=len(infos),
                    descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER if b["storage"] else vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                    pBufferInfo=infos))
            if writes:
                vk.vkUpdateDescriptorSets(d, len(writes), writes, 0, None)
            cmd = vk.vkAllocateCommandBuffers(d, vk.VkCommandBufferAllocateInfo(commandPool=self.pool, level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1))[0]
            created.append(lambda: vk.vkFreeCommandBuffers(d, self.pool, 1, [cmd]))
            vk.vkBeginCommandBuffer(cmd, vk.VkCommandBufferBeginInfo(flags=vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT))
            vk.vkCmdBindPipeline(cmd, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
            if descriptor_sets:
                vk.vkCmdBindDescriptorSets(cmd, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_layout, 0, len(descriptor_sets), descriptor_sets, 0, None)
            if pc:
                words = initial_words(seed * 31 + 17, pc // 4)
                vk.vkCmdPushConstants(cmd, pipeline_layout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, pc, vk.ffi.new("uint32_t[]", words))
            vk.vkCmdDispatch(cmd, *groups)
            vk.vkEndCommandBuffer(cmd)
            fence = vk.vkCreateFence(d, vk.VkFenceCreateInfo(), None)
            created.append(lambda: vk.vkDestroyFence(d, fence, None))
            vk.vkQueueSubmit(self.queue, 1, [vk.VkSubmitInfo(pCommandBuffers=[cmd])], fence)
            # Raises VkTimeout when the shader does not finish in time.
            vk.vkWaitForFences(d, 1, [fence], vk.VK_TRUE, FENCE_TIMEOUT_NS)
            digests = [hashlib.sha256(bytes(mapped[:b["size"]])).hexdigest() for b, mapped in buffers]
            result = {"status": "ok", "buffers": digests}
            if dump:
                result["data"] = [bytes(mapped[:b["size"]]).hex() for b, mapped in buffers]
            return result
        except vk.VkTimeout:
            return {"status": "timeout"}
        except Exception as e:  # a driver error: the caller compares statuses too
            return {"status": "error", "detail": f"{type(e).__name__}: {e}"[:200]}
        finally:
            for destroy in reversed(created):
                try:
                    destroy()
                except Exception:
                    pass


def main():
    job = json.load(sys.stdin)
    device = Device()
    for path in job["modules"]:
        with open(path, "rb") as f:
            code = f.read()
        result = device.run(code, job["layout"], job["seed"], job["groups"],
                            job.get("contents"), job.get("dump", False))
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
